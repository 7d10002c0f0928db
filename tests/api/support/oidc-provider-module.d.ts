// oidc-provider ships no types (and @types/oidc-provider is not installed): the little the tests use.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>;
    features?: Record<string, unknown>;
    cookies?: { keys: string[] };
    pkce?: { required: () => boolean };
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    listen(port: number, host: string, callback: () => void): Server;
  }
}
