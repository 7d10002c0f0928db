import type { Server } from 'node:http';
import Provider from 'oidc-provider';

/** The claims a test account's provider person has (beside `sub`, the account id). */
export type AccountClaims = Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces a person the provider can sign in. */
  setAccount(id: string, claims: AccountClaims): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on loopback, with one confidential client whose redirect URIs
 * are `callbacks`, PKCE required, and its development sign-in and consent pages (driven by SsoBrowser).
 */
export async function startProvider(port: number, callbacks: string[]): Promise<TestProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, AccountClaims>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'let-work-flow',
        client_secret: 'a-test-client-secret',
        redirect_uris: callbacks,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name', 'given_name', 'family_name', 'groups'] },
    async findAccount(_ctx, id) {
      const claims = accounts.get(id);
      return claims ? { accountId: id, claims: async () => ({ sub: id, ...claims }) } : undefined;
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['a-test-cookie-key'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    issuer,
    clientId: 'let-work-flow',
    clientSecret: 'a-test-client-secret',
    setAccount: (id, claims) => void accounts.set(id, claims),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's part in a sign-in: cookies per origin, redirects followed by hand. */
export class SsoBrowser {
  private jars = new Map<string, Map<string, string>>();

  private jar(url: URL): Map<string, string> {
    let jar = this.jars.get(url.origin);
    if (!jar) this.jars.set(url.origin, (jar = new Map()));
    return jar;
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar(new URL(url)).get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    this.jar(new URL(url)).set(name, value);
  }

  /** One request, no redirect followed; Set-Cookie goes into the origin's jar. */
  async fetch(href: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}): Promise<Response> {
    const url = new URL(href);
    const jar = this.jar(url);
    const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /**
   * Starts a sign-in at the app (`startUrl`) and signs `accountId` in at the provider (sign-in, then
   * consent), stopping at the provider's redirect back to the app: that callback address is returned.
   */
  async signInAtProvider(startUrl: string, accountId: string, appOrigin: string): Promise<string> {
    let next = new URL(startUrl);
    for (let step = 0; step < 20; step += 1) {
      if (next.origin === appOrigin && next.pathname === '/api/auth/oidc/callback') return next.href;
      const res = await this.fetch(next.href);
      const location = res.headers.get('location');
      if (location) {
        await res.body?.cancel();
        next = new URL(location, next);
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${next.href} answered ${res.status}: ${html.slice(0, 300)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`No form at ${next.href}: ${html.slice(0, 300)}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'consent';
      const submitted = await this.fetch(new URL(action.replace(/&amp;/g, '&'), next).href, {
        method: 'POST',
        form: prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt },
      });
      await submitted.body?.cancel();
      const after = submitted.headers.get('location');
      if (!after) throw new Error(`The ${prompt} form answered ${submitted.status} without a redirect`);
      next = new URL(after, next);
    }
    throw new Error('The sign-in did not come back to the app');
  }
}
