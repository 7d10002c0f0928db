// The OpenID provider of the browser suite's single sign-on (tests/e2e/sso.spec.ts): a real oidc-provider on
// loopback with its development sign-in and consent pages, where any login name signs in as that person.
// scripts/e2e.mjs starts it as a process of its own (its own event loop: the launcher blocks while the suite
// runs) beside the server, whose OIDC_* settings point at it: `node sso-provider.mjs <port> <app port>`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Provider from 'oidc-provider';
import { waitForHealth } from '../../support/server.mjs';

export const SSO_CLIENT = { id: 'let-work-flow', secret: 'an-e2e-client-secret' };

/**
 * Starts the provider on `port` for the app on `appPort` (its callback at localhost, the server's default
 * PUBLIC_URL, and at 127.0.0.1); resolves with { issuer, close }.
 */
export async function startSsoProvider(port, appPort) {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: SSO_CLIENT.id,
        client_secret: SSO_CLIENT.secret,
        redirect_uris: [`http://localhost:${appPort}/api/auth/oidc/callback`, `http://127.0.0.1:${appPort}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'given_name', 'family_name'] },
    // Any login name is a person: `<name>@sso.example`, verified, given name "Sso", family name the name.
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: `${id}@sso.example`, email_verified: true, preferred_username: id, given_name: 'Sso', family_name: id }),
      };
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['an-e2e-cookie-key'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  const server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Starts the provider in a child process; resolves with { issuer, close } once it answers its discovery. */
export async function startSsoProviderProcess(port, appPort) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), String(port), String(appPort)], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const issuer = `http://127.0.0.1:${port}`;
  await waitForHealth(issuer, child, { path: '/.well-known/openid-configuration', timeoutMs: 30_000 });
  return {
    issuer,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const provider = await startSsoProvider(Number(process.argv[2]), Number(process.argv[3]));
  process.once('SIGTERM', () => void provider.close().then(() => process.exit(0)));
}
