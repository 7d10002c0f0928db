import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../api/config.js';
import { UserIdentity } from '../../api/auth/oidc/identity.entity.js';
import { startServer, type TestServer } from './support/server.js';
import { freePort } from './support/ports.js';
import { Client, signedIn } from './support/client.js';
import { SsoBrowser, startProvider, type TestProvider } from './support/oidc-provider.js';

// Single sign-on against a real OpenID provider on loopback: server A matches people (admins by group),
// server B creates members at first sign-in and has the password form turned off.
let provider: TestProvider;
let a: TestServer;
let b: TestServer;

const callbackOf = (port: number) => `http://127.0.0.1:${port}/api/auth/oidc/callback`;

beforeAll(async () => {
  const [providerPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  provider = await startProvider(providerPort, [callbackOf(portA), callbackOf(portB)]);
  const oidcEnv = (port: number) => ({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
  a = await startServer({ env: { ...oidcEnv(portA), OIDC_ADMIN_GROUP: 'planner-admins', OIDC_BUTTON_LABEL: 'Sign in with Staff ID' } });
  b = await startServer({ env: { ...oidcEnv(portB), OIDC_AUTO_CREATE: 'true', PASSWORD_LOGIN: 'false' } });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await provider?.close();
});

/** Signs `accountId` in at the provider from `server`'s start, then returns to the app's callback. */
async function ssoSignIn(server: TestServer, accountId: string, returnTo = '/projects') {
  const browser = new SsoBrowser();
  const callback = await browser.signInAtProvider(`${server.url}/api/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`, accountId, server.url);
  const pending = browser.cookie(server.url, 'lwf.oidc');
  const res = await browser.fetch(callback);
  return { browser, callback, pending, status: res.status, location: res.headers.get('location') };
}

async function me(server: TestServer, browser: SsoBrowser) {
  const res = await browser.fetch(`${server.url}/api/auth/me`);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('single sign-on (OpenID Connect)', () => {
  it('tells the login page what to offer', async () => {
    expect(await (await fetch(`${a.url}/api/auth/oidc`)).json()).toEqual({ sso: true, label: 'Sign in with Staff ID', passwordLogin: true });
    expect(await (await fetch(`${b.url}/api/auth/oidc`)).json()).toEqual({ sso: true, label: 'Sign in with SSO', passwordLogin: false });
  });

  it('sends the browser to the provider with state, nonce and PKCE', async () => {
    const res = await fetch(`${a.url}/api/auth/oidc/start?returnTo=/projects`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe(provider.issuer);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(to.searchParams.get(name)).toBeTruthy();
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toBe(`${a.url}/api/auth/oidc/callback`);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/lwf\.oidc=.*HttpOnly/i);
  });

  it('starts at PUBLIC_URL when the browser came by another address (once)', async () => {
    const other = a.url.replace('127.0.0.1', 'localhost');
    const res = await fetch(`${other}/api/auth/oidc/start?returnTo=%2Fprojects`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`${a.url}/api/auth/oidc/start?returnTo=%2Fprojects&moved=1`);
    expect(res.headers.getSetCookie()).toEqual([]);
    const again = await fetch(`${other}/api/auth/oidc/start?returnTo=%2Fprojects&moved=1`, { redirect: 'manual' });
    expect(new URL(again.headers.get('location')!).origin).toBe(provider.issuer);
  });

  it('signs an existing user in by their verified email, links the account, and goes back to returnTo', async () => {
    provider.setAccount('sub-uri', { email: 'USER@example.com', email_verified: true, preferred_username: 'uri' });
    const first = await ssoSignIn(a, 'sub-uri', '/projects?view=list');
    expect(first.status).toBe(302);
    expect(first.location).toBe('/projects?view=list');
    const signedInAs = await me(a, first.browser);
    expect(signedInAs.status).toBe(200);
    expect(signedInAs.body).toMatchObject({ username: 'user', role: 'member' });

    // Linked: the same provider person signs in again although the provider no longer vouches for the email.
    provider.setAccount('sub-uri', { email: 'someone-else@example.com', email_verified: false });
    const again = await ssoSignIn(a, 'sub-uri');
    expect(again.location).toBe('/projects');
    expect((await me(a, again.browser)).body.username).toBe('user');
  });

  it('refuses someone unknown when accounts are not created, and an unverified email matches no one', async () => {
    provider.setAccount('sub-stranger', { email: 'stranger@example.com', email_verified: true });
    const stranger = await ssoSignIn(a, 'sub-stranger');
    expect(stranger.location).toBe('/login?sso_error=unknown_account&returnTo=%2Fprojects'); // back to the login page, still going to /projects
    expect((await me(a, stranger.browser)).status).toBe(401);

    provider.setAccount('sub-claims-admin', { email: 'admin@example.com', email_verified: false });
    const unverified = await ssoSignIn(a, 'sub-claims-admin');
    expect(unverified.location).toMatch(/^\/login\?sso_error=unknown_account(&|$)/);
    expect((await me(a, unverified.browser)).status).toBe(401);
  });

  it('writes single sign-on sign-ins and refusals to the security events', async () => {
    provider.setAccount('sub-events', { email: 'USER@example.com', email_verified: true });
    expect((await ssoSignIn(a, 'sub-events')).status).toBe(302);
    provider.setAccount('sub-events-stranger', { email: 'nobody-here@example.com', email_verified: true });
    expect((await ssoSignIn(a, 'sub-events-stranger')).location).toMatch(/sso_error=unknown_account/);
    const admin = await signedIn(a.url, 'admin');
    const events = (await admin.get('/api/security-events?limit=10')).body as { kind: string; description: string; userName: string | null }[];
    expect(events.find((e) => e.kind === 'sign-in-failed')?.description).toBe('Sign-in refused: single sign-on (unknown_account)');
    expect(events.find((e) => e.kind === 'sign-in' && e.description === 'Signed in: single sign-on')?.userName).toBeTruthy();
  });

  it('does not hold a single sign-on session at the two-factor set-up when two-factor is required (the provider owns the second factor)', async () => {
    const admin = await signedIn(a.url, 'admin');
    const token = await admin.gql('mutation { createApiToken(name: "requirement") { token } }');
    const adminApi = new Client(a.url, { authorization: `Bearer ${token.data.createApiToken.token}` });
    expect((await adminApi.put('/api/auth/two-factor/requirement', { required: 'everyone' })).status).toBe(200);
    try {
      provider.setAccount('sub-required', { email: 'USER@example.com', email_verified: true });
      const { browser } = await ssoSignIn(a, 'sub-required');
      const tasks = await browser.fetch(`${a.url}/api/tasks?limit=1`);
      expect(tasks.status).toBe(200);
      const state = (await (await browser.fetch(`${a.url}/api/auth/two-factor`)).json()) as { setupRequired: boolean };
      expect(state.setupRequired).toBe(false);
      // The same person signed in with a password is held at the set-up.
      const byPassword = await signedIn(a.url, 'user');
      expect((await byPassword.get('/api/tasks?limit=1')).body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    } finally {
      expect((await adminApi.put('/api/auth/two-factor/requirement', { required: 'off' })).status).toBe(200);
    }
  });

  it('creates a member at the first sign-in when OIDC_AUTO_CREATE is on (a unique username, the names)', async () => {
    provider.setAccount('sub-new', { email: 'Nia.New@corp.example', email_verified: true, preferred_username: 'admin', given_name: 'Nia', family_name: 'New' });
    const res = await ssoSignIn(b, 'sub-new', '/');
    expect(res.location).toBe('/');
    const created = await me(b, res.browser);
    expect(created.body).toMatchObject({
      username: 'admin2',
      firstName: 'Nia',
      lastName: 'New',
      email: 'Nia.New@corp.example',
      role: 'member',
      isActive: true,
    });

    // The next sign-in finds the same account (no second one).
    const again = await ssoSignIn(b, 'sub-new');
    expect((await me(b, again.browser)).body.id).toBe(created.body.id);
    // And it has no password to sign in with (password sign-in is off on this server anyway).
    const password = await fetch(`${b.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"admin","password":"admin123"}',
    });
    expect(password.status).toBe(403);
    expect(((await password.json()) as { message: string }).message).toBe('Signing in with a password is turned off here. Please use single sign-on.');
  });

  it('refuses a wrong state without signing in', async () => {
    provider.setAccount('sub-maya', { email: 'manager@example.com', email_verified: true });
    const browser = new SsoBrowser();
    const callback = new URL(await browser.signInAtProvider(`${a.url}/api/auth/oidc/start`, 'sub-maya', a.url));
    callback.searchParams.set('state', 'not-the-state');
    const res = await browser.fetch(callback.href);
    expect(res.headers.get('location')).toMatch(/^\/login\?sso_error=state(&|$)/);
    expect((await me(a, browser)).status).toBe(401);

    // Without the sign-in's cookie (another browser) the right state is refused too.
    const stranger = new SsoBrowser();
    const other = await stranger.fetch(callback.href.replace('not-the-state', 'x'));
    expect(other.headers.get('location')).toMatch(/^\/login\?sso_error=state(&|$)/);
  });

  it('refuses a code played again, even with the sign-in’s cookie', async () => {
    provider.setAccount('sub-maya', { email: 'manager@example.com', email_verified: true });
    const used = await ssoSignIn(a, 'sub-maya');
    expect(used.location).toBe('/projects');
    expect(used.browser.cookie(a.url, 'lwf.oidc')).toBeUndefined(); // one use: the cookie is cleared

    const attacker = new SsoBrowser();
    attacker.setCookie(a.url, 'lwf.oidc', used.pending!);
    const replay = await attacker.fetch(used.callback);
    expect(replay.headers.get('location')).toMatch(/^\/login\?sso_error=exchange(&|$)/);
    expect((await me(a, attacker)).status).toBe(401);
  });

  it('refuses a deactivated user, linked or matched by email', async () => {
    const admin = await signedIn(a.url, 'admin');
    const created = await admin.post('/api/users', { username: 'dora', email: 'dora@example.com', firstName: 'Dora' });
    expect(created.status).toBe(201);
    provider.setAccount('sub-dora', { email: 'dora@example.com', email_verified: true });
    expect((await ssoSignIn(a, 'sub-dora')).location).toBe('/projects');

    expect((await admin.patch(`/api/users/${created.body.id}`, { isActive: false })).status).toBe(200);
    const linked = await ssoSignIn(a, 'sub-dora');
    expect(linked.location).toMatch(/^\/login\?sso_error=inactive(&|$)/);
    expect((await me(a, linked.browser)).status).toBe(401);

    provider.setAccount('sub-dora-2', { email: 'dora@example.com', email_verified: true });
    expect((await ssoSignIn(a, 'sub-dora-2')).location).toMatch(/^\/login\?sso_error=inactive(&|$)/);
  });

  it('forgets a deleted user’s link: the same person is then someone unknown', async () => {
    const admin = await signedIn(a.url, 'admin');
    const created = await admin.post('/api/users', { username: 'otto', email: 'otto@example.com' });
    provider.setAccount('sub-otto', { email: 'otto@example.com', email_verified: true });
    expect((await ssoSignIn(a, 'sub-otto')).location).toBe('/projects');
    const links = () => a.app.runtime.orm.em.fork().count(UserIdentity, { userId: created.body.id });
    expect(await links()).toBe(1);
    expect((await admin.delete(`/api/users/${created.body.id}`)).status).toBe(200);
    expect(await links()).toBe(0);
    const after = await ssoSignIn(a, 'sub-otto');
    expect(after.location).toMatch(/^\/login\?sso_error=unknown_account(&|$)/);
    expect((await me(a, after.browser)).status).toBe(401);
  });

  it('goes to "/" for a returnTo that leaves the site', async () => {
    provider.setAccount('sub-uri', { email: 'user@example.com', email_verified: true });
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/..//evil.example', '/login?returnTo=/x']) {
      const res = await ssoSignIn(a, 'sub-uri', returnTo);
      expect(res.location, returnTo).toBe('/');
    }
  });

  it('makes a member of OIDC_ADMIN_GROUP an admin', async () => {
    const admin = await signedIn(a.url, 'admin');
    const created = await admin.post('/api/users', { username: 'gus', email: 'gus@example.com' });
    expect(created.body.role).toBe('member');
    provider.setAccount('sub-gus', { email: 'gus@example.com', email_verified: true, groups: ['staff', 'planner-admins'] });
    const res = await ssoSignIn(a, 'sub-gus');
    expect((await me(a, res.browser)).body).toMatchObject({ username: 'gus', role: 'admin' });
  });

  it('refuses a password sign-in over GraphQL too when PASSWORD_LOGIN=false', async () => {
    const res = await new Client(b.url).gql('mutation { login(username: "admin", password: "admin123") { id } }');
    expect(res.errors?.[0]).toMatchObject({
      message: 'Signing in with a password is turned off here. Please use single sign-on.',
      extensions: { code: 'FORBIDDEN' },
    });
  });
});

describe('single sign-on settings', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-oidc-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), ...env });

  it('reads the OIDC_* block with its defaults, and none without an issuer', () => {
    expect(load({})().oidc).toBeNull();
    expect(load({ OIDC_ISSUER_URL: 'https://id.example.com/realms/staff', OIDC_CLIENT_ID: 'lwf' })()).toMatchObject({
      oidc: { clientSecret: null, buttonLabel: 'Sign in with SSO', autoCreate: false, adminGroup: null, managerGroup: null },
      passwordLogin: true,
    });
  });

  it('says what is wrong with a bad setting', () => {
    expect(load({ OIDC_CLIENT_ID: 'lwf' })).toThrow('OIDC_CLIENT_ID needs OIDC_ISSUER_URL');
    expect(load({ OIDC_ISSUER_URL: 'https://id.example.com' })).toThrow('OIDC_ISSUER_URL needs OIDC_CLIENT_ID');
    expect(load({ OIDC_ISSUER_URL: 'http://id.example.com', OIDC_CLIENT_ID: 'lwf' })).toThrow(
      'OIDC_ISSUER_URL must be an https:// URL (http:// only on localhost)',
    );
    expect(load({ OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'lwf', OIDC_AUTO_CREATE: 'maybe' })).toThrow(
      'OIDC_AUTO_CREATE must be true or false',
    );
    expect(load({ PASSWORD_LOGIN: 'false' })).toThrow('PASSWORD_LOGIN=false needs single sign-on');
  });
});
