import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { TwoFactorLogin } from '../../api/auth/two-factor/two-factor.entity.js';
import { openSocket } from './support/ws.js';
import { sealClearSecrets } from '../../api/auth/two-factor/two-factor.at-rest.js';
import { openSecret } from '../../api/auth/two-factor/two-factor.seal.js';
import { SecurityEvent } from '../../api/auth/sessions/security-event.entity.js';
import { pruneSecurityEvents } from '../../api/auth/sessions/security-events.js';
import { loadConfig } from '../../api/config.js';
import { exportWorkspace } from '../../api/modules/workspace-transfer/transfer.export.js';
import { TABLES_DIR } from '../../api/modules/workspace-transfer/transfer.format.js';
import { withStaging, workspaceLocation } from '../../api/modules/workspace-transfer/transfer.service.js';

// The server runs on a clock the test moves a time step (30 s) at a time, so two codes are always distinct
// and no code is ever made at a step boundary.
const START_MS = Date.UTC(2026, 2, 10, 12, 0, 0);
let nowMs = START_MS;
const nextStep = () => void (nowMs += 30_000);
const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(nowMs / 1000) });

let server: TestServer;
let admin: Client;
/** The admin through an API token: tokens are never held back by the requirement, so it can always change it. */
let adminApi: Client;

async function createUser(username: string, role = 'member'): Promise<string> {
  const res = await admin.post('/api/users', { username, email: `${username}@example.com`, firstName: username, role, password: `${username}-pass-1` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function signedInAs(username: string): Promise<Client> {
  const c = new Client(server.url);
  await c.login(username, `${username}-pass-1`);
  return c;
}

/** Sets up and confirms two-factor for a signed-in client; answers the secret and the recovery codes. */
async function turnOn(c: Client): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await c.post('/api/auth/two-factor/setup');
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const { secret } = setup.body;
  const confirm = await c.post('/api/auth/two-factor/confirm', { code: await codeFor(secret) });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  nextStep();
  return { secret, recoveryCodes: confirm.body.recoveryCodes };
}

const signIn = (username: string, extra: Record<string, unknown> = {}) => {
  const c = new Client(server.url);
  return c.post('/api/auth/login', { username, password: `${username}-pass-1`, ...extra }).then((res) => ({ c, res }));
};

beforeAll(async () => {
  server = await startServer({ clock: () => new Date(nowMs) });
  admin = new Client(server.url);
  await admin.login('admin');
  const token = await admin.gql('mutation { createApiToken(name: "requirement") { token } }');
  adminApi = new Client(server.url, { authorization: `Bearer ${token.data.createApiToken.token}` });
});
afterAll(() => server?.close());

describe('two-factor sign-in', () => {
  it('sets up with a QR code and a secret shown once, then asks for a code at sign-in', async () => {
    await createUser('tf_alice');
    const alice = await signedInAs('tf_alice');
    expect((await alice.get('/api/auth/two-factor')).body).toEqual({ enabled: false, recoveryCodesLeft: 0, setupRequired: false });

    const setup = await alice.post('/api/auth/two-factor/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.otpauthUri).toContain('otpauth://totp/');
    // Not on until confirmed: sign-in still needs no code.
    expect((await signIn('tf_alice')).res.status).toBe(200);

    const wrong = await alice.post('/api/auth/two-factor/confirm', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'That code is not right', field: 'code' });
    const confirm = await alice.post('/api/auth/two-factor/confirm', { code: await codeFor(setup.body.secret) });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.body.recoveryCodes).size).toBe(10);
    nextStep();
    const status = await alice.get('/api/auth/two-factor');
    expect(status.body).toEqual({ enabled: true, recoveryCodesLeft: 10, setupRequired: false });
    expect(JSON.stringify(status.body)).not.toContain(setup.body.secret);
    // While on, set-up cannot start again (the secret is never answered again).
    expect((await alice.post('/api/auth/two-factor/setup')).status).toBe(409);

    const bare = await signIn('tf_alice');
    expect(bare.res.status).toBe(401);
    expect(bare.res.body).toEqual({ message: 'Two-factor code required', code: 'TWO_FACTOR_REQUIRED' });
    expect(bare.res.headers.getSetCookie()).toEqual([]);
    expect((await bare.c.get('/api/auth/me')).status).toBe(401);

    const withCode = await signIn('tf_alice', { code: await codeFor(setup.body.secret) });
    expect(withCode.res.status, JSON.stringify(withCode.res.body)).toBe(200);
    expect(withCode.res.body.username).toBe('tf_alice');
    expect((await withCode.c.get('/api/auth/me')).status).toBe(200);

    // Security events: set-up, the sign-in with a code; asking for the code is not a refusal.
    const events = (await admin.get(`/api/security-events?userId=${withCode.res.body.id}`)).body as { kind: string; description: string }[];
    expect(events[0].description).toBe('Signed in: password and two-factor code');
    expect(events.map((e) => e.description)).toEqual(expect.arrayContaining(['Turned on two-factor sign-in', 'Signed in: password']));
    expect(events.some((e) => e.kind === 'sign-in-failed')).toBe(false);
  });

  it('ignores spaces, refuses a replayed code and a wrong password before any code', async () => {
    await createUser('tf_bob');
    const { secret } = await turnOn(await signedInAs('tf_bob'));
    const code = await codeFor(secret);
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    expect((await signIn('tf_bob', { code: spaced })).res.status).toBe(200);

    const replay = await signIn('tf_bob', { code });
    expect(replay.res.status).toBe(401);
    expect(replay.res.body).toEqual({ message: 'That code is not right', code: 'TWO_FACTOR_INVALID' });
    expect(replay.res.headers.getSetCookie()).toEqual([]);

    const badPassword = await new Client(server.url).post('/api/auth/login', { username: 'tf_bob', password: 'wrong-password', code });
    expect(badPassword.status).toBe(401);
    expect(badPassword.body.message).toBe('Invalid username or password');

    nextStep();
    expect((await signIn('tf_bob', { code: await codeFor(secret) })).res.status).toBe(200);
  });

  it('takes a recovery code once', async () => {
    await createUser('tf_carol');
    const carol = await signedInAs('tf_carol');
    const { recoveryCodes } = await turnOn(carol);
    const [first] = recoveryCodes;
    expect(first).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await signIn('tf_carol', { code: first.toUpperCase().replace('-', ' ') })).res.status).toBe(200);
    const again = await signIn('tf_carol', { code: first });
    expect(again.res.status).toBe(401);
    expect(again.res.body.code).toBe('TWO_FACTOR_INVALID');
    expect((await carol.get('/api/auth/two-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('rate-limits wrong codes like wrong passwords (429)', async () => {
    await createUser('tf_dave');
    const { secret } = await turnOn(await signedInAs('tf_dave'));
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) status = (await signIn('tf_dave', { code: '111111' })).res.status;
    expect(status).toBe(429);
    // Even the right code waits for the window now.
    expect((await signIn('tf_dave', { code: await codeFor(secret) })).res.status).toBe(429);
  });

  it('turns off and makes new recovery codes only with a current code', async () => {
    await createUser('tf_erin');
    const erin = await signedInAs('tf_erin');
    const { secret, recoveryCodes } = await turnOn(erin);

    expect((await erin.post('/api/auth/two-factor/recovery-codes', { code: '' })).status).toBe(400);
    const renewed = await erin.post('/api/auth/two-factor/recovery-codes', { code: await codeFor(secret) });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    nextStep();
    // The old recovery codes stopped working.
    expect((await signIn('tf_erin', { code: recoveryCodes[0] })).res.status).toBe(401);

    const refused = await erin.post('/api/auth/two-factor/disable', { code: '123456' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('That code is not right');
    expect((await erin.post('/api/auth/two-factor/disable', {})).status).toBe(400);
    const off = await erin.post('/api/auth/two-factor/disable', { code: await codeFor(secret) });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    nextStep();
    expect((await signIn('tf_erin')).res.status).toBe(200);
  });

  it('lets an admin reset a person’s two-factor (audited); others get 403', async () => {
    const id = await createUser('tf_frank');
    await createUser('tf_grace');
    await turnOn(await signedInAs('tf_frank'));
    const grace = await signedInAs('tf_grace');
    expect((await grace.post(`/api/users/${id}/two-factor/reset`)).status).toBe(403);
    expect((await signIn('tf_frank')).res.status).toBe(401);

    const reset = await admin.post(`/api/users/${id}/two-factor/reset`);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toEqual({ ok: true, wasOn: true });
    expect((await signIn('tf_frank')).res.status).toBe(200);
    const audit = await admin.get(`/api/audit?q=${encodeURIComponent('two-factor sign-in for tf_frank')}`);
    expect(audit.status).toBe(200);
    expect(audit.body.map((e: { description: string }) => e.description)).toContain('Reset two-factor sign-in for tf_frank');

    const gql = await grace.gql('mutation ($id: ID!) { resetTwoFactor(userId: $id) }', { id });
    expect(gql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('lets admins require two-factor of admins or everyone (audited); the state says who must set it up', async () => {
    await createUser('tf_judy');
    const judy = await signedInAs('tf_judy');
    const required = async (c: Client) => (await c.get('/api/auth/two-factor')).body.setupRequired;
    expect((await admin.get('/api/auth/two-factor/requirement')).body).toEqual({ required: 'off' });
    expect(await required(judy)).toBe(false);

    expect((await judy.put('/api/auth/two-factor/requirement', { required: 'everyone' })).status).toBe(403);
    expect((await judy.get('/api/auth/two-factor/requirement')).status).toBe(403);
    const bad = await admin.put('/api/auth/two-factor/requirement', { required: 'sometimes' });
    expect(bad.status).toBe(400);

    expect((await admin.put('/api/auth/two-factor/requirement', { required: 'admins' })).body).toEqual({ required: 'admins' });
    expect(await required(judy)).toBe(false);
    expect(await required(admin)).toBe(true);
    // The admin's own session is now held at the set-up; their API token is not.
    expect((await admin.get('/api/auth/two-factor/requirement')).body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const set = await adminApi.gql('mutation { setTwoFactorRequirement(required: "everyone") }');
    expect(set.data).toEqual({ setTwoFactorRequirement: 'everyone' });
    expect(await required(judy)).toBe(true);
    await turnOn(judy);
    expect(await required(judy)).toBe(false);

    const audit = await adminApi.get(`/api/audit?q=${encodeURIComponent('Two-factor sign-in required for')}`);
    expect(audit.body.map((e: { description: string }) => e.description)).toEqual(
      expect.arrayContaining(['Two-factor sign-in required for admins', 'Two-factor sign-in required for everyone']),
    );
    expect((await adminApi.put('/api/auth/two-factor/requirement', { required: 'off' })).status).toBe(200);
    expect(await required(admin)).toBe(false);
  });

  it('holds a password session that must set up two-factor at the set-up (REST, GraphQL, socket) until it is on; tokens pass', async () => {
    await createUser('tf_kim');
    const kim = await signedInAs('tf_kim');
    const token = await kim.gql('mutation { createApiToken(name: "cli") { token } }');
    const kimApi = new Client(server.url, { authorization: `Bearer ${token.data.createApiToken.token}` });
    expect((await adminApi.put('/api/auth/two-factor/requirement', { required: 'everyone' })).status).toBe(200);
    try {
      const refused = { message: 'Two-factor setup required', code: 'TWO_FACTOR_SETUP_REQUIRED' };
      const rest = await kim.get('/api/tasks');
      expect(rest.status).toBe(403);
      expect(rest.body).toEqual(refused);
      expect((await kim.post('/api/auth/two-factor/disable', { code: '123456' })).body).toEqual(refused);
      const query = await kim.gql('{ users { id } }');
      expect(query.data).toBeNull();
      expect(query.errors?.[0]).toMatchObject({ message: refused.message, extensions: { code: 'TWO_FACTOR_SETUP_REQUIRED' } });
      // A root field hidden in a fragment, or asked beside an open one, is refused the same.
      const hidden = await kim.gql('query { me { id } ...More } fragment More on Query { users { id } }');
      expect(hidden.errors?.[0]?.extensions?.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
      const socket = openSocket(server.url, { cookie: kim.cookieHeader() });
      const sub = socket.subscribe('subscription { notificationAdded { id } }');
      await sub.done;
      expect(await socket.closed).toBe(4403);
      expect(sub.events).toEqual([]);

      // What setting it up needs still answers.
      expect((await kim.get('/api/auth/me')).status).toBe(200);
      const viewer = await kim.gql('{ me { username } twoFactor { setupRequired } }');
      expect(viewer.data).toEqual({ me: { username: 'tf_kim' }, twoFactor: { setupRequired: true } });
      expect((await kim.get('/api/auth/oidc')).status).toBe(200);
      // The person's API token is not held back.
      expect((await kimApi.get('/api/tasks')).status).toBe(200);
      expect((await kimApi.gql('{ users { id } }')).errors).toBeUndefined();

      await turnOn(kim);
      expect((await kim.get('/api/tasks')).status).toBe(200);
      expect((await kim.gql('{ users { id } }')).errors).toBeUndefined();
    } finally {
      expect((await adminApi.put('/api/auth/two-factor/requirement', { required: 'off' })).status).toBe(200);
    }
    // Once nobody is required, a session without two-factor is free again.
    expect((await admin.get('/api/tasks')).status).toBe(200);
  });

  it('keeps the secret sealed at rest and the recovery codes as hashes; a clear secret from before still verifies and is sealed at start-up', async () => {
    const id = await createUser('tf_leo');
    const { secret, recoveryCodes } = await turnOn(await signedInAs('tf_leo'));
    const { orm, config } = server.app.runtime;
    const stored = async () => (await orm.em.fork().findOneOrFail(TwoFactorLogin, { userId: id })).secret;
    const sealed = await stored();
    expect(sealed).toMatch(/^v1:[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(openSecret(sealed, config.sessionSecret)).toBe(secret);
    expect(openSecret(sealed, 'another-secret-that-is-long-enough-too')).toBeNull();
    const row = await orm.em.fork().findOneOrFail(TwoFactorLogin, { userId: id });
    for (const code of recoveryCodes) expect(row.recoveryCodes).not.toContain(code);
    expect((await signIn('tf_leo', { code: await codeFor(secret) })).res.status).toBe(200);
    nextStep();

    // A secret stored in clear before sealing (or loaded by a workspace import) still verifies, and is sealed at start-up.
    await orm.em.fork().nativeUpdate(TwoFactorLogin, { userId: id }, { secret });
    expect((await signIn('tf_leo', { code: await codeFor(secret) })).res.status).toBe(200);
    nextStep();
    expect(await sealClearSecrets(orm, config.sessionSecret)).toBe(1);
    expect(await sealClearSecrets(orm, config.sessionSecret)).toBe(0);
    const resealed = await stored();
    expect(resealed).toMatch(/^v1:/);
    expect(openSecret(resealed, config.sessionSecret)).toBe(secret);
    expect((await signIn('tf_leo', { code: await codeFor(secret) })).res.status).toBe(200);
    nextStep();

    // A workspace export carries the secret opened, for a target with another SESSION_SECRET to seal again.
    const carried = await withStaging(async (dir) => {
      await exportWorkspace(orm, { ...workspaceLocation(config.databaseUrl, config.dataDir), sessionSecret: config.sessionSecret }, dir);
      const lines = readFileSync(path.join(dir, TABLES_DIR, 'two_factor_logins.ndjson'), 'utf8')
        .trim()
        .split('\n');
      return lines.map((line) => JSON.parse(line) as { user_id: string; secret: string }).find((r) => r.user_id === id);
    });
    expect(carried?.secret).toBe(secret);
  });

  it('prunes security events past SECURITY_EVENT_RETENTION_DAYS (365 by default, 0 keeps them) and keeps recent ones', async () => {
    const env = { NODE_ENV: 'test', DATA_DIR: server.app.runtime.config.dataDir, SESSION_SECRET: 'test-secret-that-is-long-enough-for-anything' };
    expect(loadConfig(env).securityEventRetentionDays).toBe(365);
    expect(loadConfig({ ...env, SECURITY_EVENT_RETENTION_DAYS: '0' }).securityEventRetentionDays).toBe(0);
    expect(() => loadConfig({ ...env, SECURITY_EVENT_RETENTION_DAYS: '-1' })).toThrow(/SECURITY_EVENT_RETENTION_DAYS/);
    const id = await createUser('tf_mia');
    for (let i = 0; i < 3; i++) await signedInAs('tf_mia');
    const { orm } = server.app.runtime;
    const events = () => orm.em.fork().find(SecurityEvent, { userId: id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const [first, second, third] = await events();
    const day = 86_400_000;
    // Backdated: one past a year, one just inside it, one of today.
    await orm.em.fork().nativeUpdate(SecurityEvent, { id: first.id }, { createdAt: new Date(nowMs - 400 * day) });
    await orm.em.fork().nativeUpdate(SecurityEvent, { id: second.id }, { createdAt: new Date(nowMs - 300 * day) });
    expect(await pruneSecurityEvents(orm, new Date(nowMs), 0)).toBe(0);
    expect(await events()).toHaveLength(3);
    expect(await pruneSecurityEvents(orm, new Date(nowMs), 365)).toBeGreaterThanOrEqual(1);
    expect((await events()).map((e) => e.id)).toEqual([second.id, third.id]);
  });

  it('forgets a deleted person’s two-factor', async () => {
    const id = await createUser('tf_ivan');
    await turnOn(await signedInAs('tf_ivan'));
    const rows = () => server.app.runtime.orm.em.fork().count(TwoFactorLogin, { userId: id });
    expect(await rows()).toBe(1);
    expect((await admin.delete(`/api/users/${id}`)).status).toBe(200);
    expect(await rows()).toBe(0);
  });

  it('GraphQL login takes the code with the same errors, and API tokens are never asked for one', async () => {
    await createUser('tf_heidi');
    const heidi = await signedInAs('tf_heidi');
    const token = await heidi.gql('mutation { createApiToken(name: "script") { token } }');
    const { secret } = await turnOn(heidi);

    const LOGIN = 'mutation ($u: String!, $p: String!, $c: String) { login(username: $u, password: $p, code: $c) { username } }';
    const vars = { u: 'tf_heidi', p: 'tf_heidi-pass-1' };
    const bare = await new Client(server.url).gql(LOGIN, vars);
    expect(bare.errors?.[0]).toMatchObject({ message: 'Two-factor code required', extensions: { code: 'TWO_FACTOR_REQUIRED' } });
    const wrong = await new Client(server.url).gql(LOGIN, { ...vars, c: '000 000' });
    expect(wrong.errors?.[0]).toMatchObject({ message: 'That code is not right', extensions: { code: 'TWO_FACTOR_INVALID' } });
    const fresh = new Client(server.url);
    const ok = await fresh.gql(LOGIN, { ...vars, c: await codeFor(secret) });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.login.username).toBe('tf_heidi');
    expect((await fresh.gql('{ twoFactor { enabled recoveryCodesLeft } }')).data.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const bearer = new Client(server.url, { authorization: `Bearer ${token.data.createApiToken.token}` });
    expect((await bearer.get('/api/auth/me')).status).toBe(200);
    expect((await bearer.post('/api/auth/two-factor/disable', { code: await codeFor(secret) })).status).toBe(403);
  });
});
