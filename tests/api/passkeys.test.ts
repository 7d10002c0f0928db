import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { SoftAuthenticator } from './support/passkey-authenticator.js';
import { Passkey } from '../../api/auth/passkeys/passkey.entity.js';
import { TwoFactorLogin } from '../../api/auth/two-factor/two-factor.entity.js';

// PUBLIC_URL names the relying party: passkeys belong to its host name, responses must come from its origin.
const PUBLIC_URL = 'http://localhost:3000';

let server: TestServer;
let admin: Client;

async function createUser(username: string): Promise<string> {
  const res = await admin.post('/api/users', {
    username,
    email: `${username}@example.com`,
    firstName: username,
    role: 'member',
    password: `${username}-pass-1`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function signedInAs(username: string): Promise<Client> {
  const c = new Client(server.url);
  await c.login(username, `${username}-pass-1`);
  return c;
}

/** Adds a passkey through REST for a signed-in client; answers the authenticator holding it and the new row. */
async function addPasskey(c: Client, name?: string): Promise<{ key: SoftAuthenticator; passkey: { id: string; name: string } }> {
  const key = new SoftAuthenticator({ origin: PUBLIC_URL });
  const options = await c.post('/api/auth/passkeys/registration/options');
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const res = await c.post('/api/auth/passkeys/registration', { name, response: key.register(options.body) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { key, passkey: res.body };
}

/** A passkey sign-in from a fresh browser (no username): options, then the authenticator's answer. */
async function passkeySignIn(key: SoftAuthenticator) {
  const c = new Client(server.url);
  const options = await c.post('/api/auth/passkey/options');
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const response = key.assert(options.body);
  const res = await c.post('/api/auth/passkey/login', { response });
  return { c, res, response };
}

const events = async (userId: string) => (await admin.get(`/api/security-events?userId=${userId}`)).body as { kind: string; description: string; ip: string }[];
const storedCounter = async (id: string) => (await server.app.runtime.orm.em.fork().findOneOrFail(Passkey, { id })).counter;

beforeAll(async () => {
  server = await startServer({ env: { PUBLIC_URL } });
  admin = new Client(server.url);
  await admin.login('admin');
});
afterAll(() => server?.close());

describe('passkeys', () => {
  it('registers a discoverable passkey and signs in with it without a username, moving the counter and the last use', async () => {
    const userId = await createUser('pk_alice');
    const alice = await signedInAs('pk_alice');
    const options = await alice.post('/api/auth/passkeys/registration/options');
    expect(options.body).toMatchObject({
      rp: { id: 'localhost', name: 'Let work flow' },
      user: { name: 'pk_alice' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const key = new SoftAuthenticator({ origin: PUBLIC_URL });
    const added = await alice.post('/api/auth/passkeys/registration', { name: 'Work laptop', response: key.register(options.body) });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect(JSON.stringify(added.body)).not.toContain(key.id);

    // A second registration excludes the passkey already there; one without a name is called "Passkey".
    const again = await alice.post('/api/auth/passkeys/registration/options');
    expect(again.body.excludeCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
    const second = new SoftAuthenticator({ origin: PUBLIC_URL });
    const unnamed = await alice.post('/api/auth/passkeys/registration', { response: second.register(again.body) });
    expect(unnamed.body.name).toBe('Passkey');

    const { c, res } = await passkeySignIn(key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: userId, username: 'pk_alice' });
    expect(res.body.passwordHash).toBeUndefined();
    expect((await c.get('/api/auth/me')).body.username).toBe('pk_alice');
    expect(await storedCounter(added.body.id)).toBe(1);

    const list = (await alice.get('/api/auth/passkeys')).body;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Work laptop', 'Passkey']);
    expect(list[0].lastUsedAt).not.toBeNull();
    expect(list[1].lastUsedAt).toBeNull();

    // The next sign-in moves the counter on.
    expect((await passkeySignIn(key)).res.status).toBe(200);
    expect(await storedCounter(added.body.id)).toBe(2);

    const kinds = (await events(userId)).map((e) => e.description);
    expect(kinds).toContain('Added a passkey: Work laptop');
    expect(kinds).toContain('Signed in with a passkey: Work laptop');
    expect((await events(userId)).find((e) => e.kind === 'passkey-sign-in')?.ip).toBeTruthy();
  });

  it('refuses a replayed challenge, a counter going backwards, an unknown passkey and a malformed answer, and changes nothing', async () => {
    const userId = await createUser('pk_bob');
    const bob = await signedInAs('pk_bob');
    const { key, passkey } = await addPasskey(bob, 'Phone');

    const first = await passkeySignIn(key);
    expect(first.res.status).toBe(200);
    // The same answer again: its challenge was used.
    const replay = new Client(server.url);
    const replayed = await replay.post('/api/auth/passkey/login', { response: first.response });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ code: 'PASSKEY_CHALLENGE', message: 'This passkey request has expired or was already used. Please try again.' });
    expect((await replay.get('/api/auth/me')).status).toBe(401);

    // A registration answer cannot be played twice either.
    const options = await bob.post('/api/auth/passkeys/registration/options');
    const other = new SoftAuthenticator({ origin: PUBLIC_URL });
    const answer = other.register(options.body);
    expect((await bob.post('/api/auth/passkeys/registration', { name: 'Key', response: answer })).status).toBe(201);
    expect((await bob.post('/api/auth/passkeys/registration', { name: 'Key', response: answer })).status).toBe(401);

    // A cloned authenticator: its counter is behind the one stored.
    const counter = await storedCounter(passkey.id);
    key.counter = 0;
    const cloned = await passkeySignIn(key);
    expect(cloned.res.status).toBe(401);
    expect(cloned.res.body.message).toBe('That passkey could not be verified. Please try again.');
    expect(await storedCounter(passkey.id)).toBe(counter);

    const stranger = new SoftAuthenticator({ origin: PUBLIC_URL });
    const unknown = await passkeySignIn(stranger);
    expect(unknown.res.status).toBe(401);
    expect(unknown.res.body.message).toBe('This passkey is not registered here. Please sign in another way.');

    // From another origin (a look-alike site): refused.
    const phishing = new SoftAuthenticator({ origin: 'http://localhost.evil.test' });
    const phishOptions = await bob.post('/api/auth/passkeys/registration/options');
    const phished = await bob.post('/api/auth/passkeys/registration', { response: phishing.register(phishOptions.body) });
    expect(phished.status).toBe(400);

    const c = new Client(server.url);
    for (const bad of [undefined, 'nope', { id: 'x' }, { id: 'x', rawId: 'x', type: 'public-key', response: {} }]) {
      const res = await c.post('/api/auth/passkey/login', { response: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBe('That is not a passkey response. Please try again.');
    }
    expect((await c.get('/api/auth/me')).status).toBe(401);
    expect((await bob.get('/api/auth/passkeys')).body).toHaveLength(2);

    const refused = (await events(userId)).filter((e) => e.kind === 'passkey-sign-in-failed').map((e) => e.description);
    expect(refused).toContain('Passkey sign-in refused: expired or reused request');
    expect(refused).toContain('Passkey sign-in refused: the counter went backwards (a cloned passkey?)');
  });

  it('lets only the owner rename and remove a passkey (404 for anyone else), and a removed passkey signs nobody in', async () => {
    const userId = await createUser('pk_carol');
    await createUser('pk_dave');
    const carol = await signedInAs('pk_carol');
    const dave = await signedInAs('pk_dave');
    const { key, passkey } = await addPasskey(carol, 'Laptop');

    expect((await dave.patch(`/api/auth/passkeys/${passkey.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await dave.delete(`/api/auth/passkeys/${passkey.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/auth/passkeys/${passkey.id}`)).status).toBe(404);
    expect((await dave.get('/api/auth/passkeys')).body).toEqual([]);
    expect((await carol.delete('/api/auth/passkeys/not-an-id')).status).toBe(404);

    expect((await carol.patch(`/api/auth/passkeys/${passkey.id}`, { name: '  ' })).status).toBe(400);
    const renamed = await carol.patch(`/api/auth/passkeys/${passkey.id}`, { name: 'Old laptop' });
    expect(renamed.body).toMatchObject({ id: passkey.id, name: 'Old laptop' });

    expect((await carol.delete(`/api/auth/passkeys/${passkey.id}`)).status).toBe(200);
    expect((await carol.get('/api/auth/passkeys')).body).toEqual([]);
    expect((await passkeySignIn(key)).res.status).toBe(401);

    const said = (await events(userId)).map((e) => e.description);
    expect(said).toContain('Renamed a passkey: Laptop → Old laptop');
    expect(said).toContain('Removed a passkey: Old laptop');
    // Signed out: nothing to list or add.
    expect((await new Client(server.url).get('/api/auth/passkeys')).status).toBe(401);
    expect((await new Client(server.url).post('/api/auth/passkeys/registration/options')).status).toBe(401);
  });

  it('refuses an inactive person', async () => {
    const userId = await createUser('pk_erin');
    const erin = await signedInAs('pk_erin');
    const { key } = await addPasskey(erin);
    expect((await admin.patch(`/api/users/${userId}`, { isActive: false })).status).toBe(200);
    const { c, res } = await passkeySignIn(key);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('This account is inactive. Please contact your administrator.');
    expect((await c.get('/api/auth/me')).status).toBe(401);
    expect((await events(userId)).map((e) => e.description)).toContain('Passkey sign-in refused: inactive account');
  });

  it('asks no two-factor code: a passkey is itself two factors', async () => {
    const userId = await createUser('pk_gina');
    const gina = await signedInAs('pk_gina');
    const { key } = await addPasskey(gina);
    const em = server.app.runtime.orm.em.fork();
    em.create(TwoFactorLogin, {
      userId,
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      enabled: true,
      recoveryCodes: '[]',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    const password = await new Client(server.url).post('/api/auth/login', { username: 'pk_gina', password: 'pk_gina-pass-1' });
    expect(password.body.code).toBe('TWO_FACTOR_REQUIRED');
    const { res } = await passkeySignIn(key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('meets a two-factor requirement: a passkey session is not held at the set-up, a password session of the same person is', async () => {
    await createUser('pk_hana');
    const hana = await signedInAs('pk_hana');
    const { key } = await addPasskey(hana);
    const token = await admin.gql('mutation { createApiToken(name: "passkey requirement") { token } }');
    const adminApi = new Client(server.url, { authorization: `Bearer ${token.data.createApiToken.token}` });
    expect((await adminApi.put('/api/auth/two-factor/requirement', { required: 'everyone' })).status).toBe(200);
    try {
      const { c, res } = await passkeySignIn(key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await c.get('/api/tasks?limit=1')).status).toBe(200);
      expect((await c.get('/api/auth/two-factor')).body.setupRequired).toBe(false);
      const byPassword = await signedInAs('pk_hana');
      expect((await byPassword.get('/api/tasks?limit=1')).body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    } finally {
      expect((await adminApi.put('/api/auth/two-factor/requirement', { required: 'off' })).status).toBe(200);
    }
  });

  it('works through GraphQL too: options, add, list, rename, sign in, remove', async () => {
    await createUser('pk_frank');
    const frank = await signedInAs('pk_frank');
    const key = new SoftAuthenticator({ origin: PUBLIC_URL });
    const options = await frank.gql('mutation { passkeyRegistrationOptions }');
    expect(options.errors).toBeUndefined();
    const added = await frank.gql('mutation($r: String!) { addPasskey(response: $r, name: "Tablet") { id name createdAt lastUsedAt } }', {
      r: JSON.stringify(key.register(JSON.parse(options.data.passkeyRegistrationOptions))),
    });
    expect(added.errors).toBeUndefined();
    expect(added.data.addPasskey).toMatchObject({ name: 'Tablet', lastUsedAt: null });
    const id = added.data.addPasskey.id;

    const anon = new Client(server.url);
    const signInOptions = await anon.gql('mutation { passkeySignInOptions }');
    const parsed = JSON.parse(signInOptions.data.passkeySignInOptions);
    expect(parsed).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(parsed.allowCredentials ?? []).toEqual([]);
    const login = await anon.gql('mutation($r: String!) { loginWithPasskey(response: $r) { username } }', { r: JSON.stringify(key.assert(parsed)) });
    expect(login.errors).toBeUndefined();
    expect(login.data.loginWithPasskey.username).toBe('pk_frank');
    expect((await anon.gql('{ me { username } }')).data.me.username).toBe('pk_frank');

    const bad = await anon.gql('mutation { loginWithPasskey(response: "{}") { username } }');
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const renamed = await anon.gql('mutation($id: ID!) { renamePasskey(id: $id, name: "iPad") { name } }', { id });
    expect(renamed.data.renamePasskey.name).toBe('iPad');
    const list = await frank.gql('{ passkeys { name lastUsedAt } }');
    expect(list.data.passkeys).toHaveLength(1);
    expect(list.data.passkeys[0].lastUsedAt).not.toBeNull();
    expect((await admin.gql('mutation($id: ID!) { removePasskey(id: $id) }', { id })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await frank.gql('mutation($id: ID!) { removePasskey(id: $id) }', { id })).data.removePasskey).toBe(true);
  });
});
