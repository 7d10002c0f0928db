import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';

let server: TestServer;
let admin: Client;
let manager: Client;
let member: Client;
let ids: Record<string, string>;

/** No response may carry a password hash (or anything that looks like one). */
const expectNoSecrets = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/passwordHash|password_hash|\$argon2/);

async function listUsers(c: Client = admin): Promise<any[]> {
  const res = await c.get('/api/users');
  expect(res.status).toBe(200);
  expectNoSecrets(res.body);
  return res.body;
}

beforeAll(async () => {
  server = await startServer();
  [admin, manager, member] = await Promise.all([signedIn(server.url, 'admin'), signedIn(server.url, 'manager'), signedIn(server.url, 'user')]);
  ids = Object.fromEntries((await listUsers()).map((u) => [u.username, u.id]));
});
afterAll(() => server?.close());

describe('reading users', () => {
  it('everyone signed in lists users with a display name and no secrets (REST)', async () => {
    for (const c of [admin, manager, member]) {
      const users = await listUsers(c);
      expect(users.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'manager', 'user']));
      const user = users.find((u) => u.username === 'user');
      expect(user).toMatchObject({ name: 'Uri User', role: 'member', managerId: ids.manager, isActive: true, email: 'user@example.com' });
      expect(user).not.toHaveProperty('password');
    }
    const one = await member.get(`/api/users/${ids.manager}`);
    expect(one.body).toMatchObject({ username: 'manager', name: 'Maya Manager' });
    expectNoSecrets(one.body);
    expect((await new Client(server.url).get('/api/users')).status).toBe(401);
  });

  it('GraphQL users with name and manager', async () => {
    const res = await member.gql('{ users { id username name role isActive manager { username } } }');
    expect(res.errors).toBeUndefined();
    expect(res.data.users.find((u: any) => u.username === 'user')).toMatchObject({ name: 'Uri User', manager: { username: 'manager' } });
    expectNoSecrets(res);
    const bad = await member.gql('{ users { passwordHash } }');
    expect(bad.errors?.[0].message).toMatch(/passwordHash/);
  });
});

describe('creating and changing users (admins)', () => {
  it('creates a user with defaults and a password; the user can sign in', async () => {
    const res = await admin.post('/api/users', {
      username: 'nina',
      email: 'nina@example.com',
      firstName: 'Nina',
      lastName: 'New',
      role: '',
      managerId: '',
      password: 'nina-pass-1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'nina', role: 'member', managerId: null, name: 'Nina New', isActive: true });
    expectNoSecrets(res.body);
    const nina = await signedIn(server.url, 'nina', 'nina-pass-1');
    expect((await nina.get('/api/auth/me')).body.username).toBe('nina');
  });

  it('a user created without a password cannot sign in until one is set', async () => {
    const res = await admin.post('/api/users', { username: 'nopass', email: 'nopass@example.com', firstName: '', lastName: '' });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('nopass');
    expect((await new Client(server.url).post('/api/auth/login', { username: 'nopass', password: 'whatever-1' })).status).toBe(401);
    expect((await admin.patch(`/api/users/${res.body.id}`, { password: 'now-i-have-one' })).status).toBe(200);
    await signedIn(server.url, 'nopass', 'now-i-have-one');
  });

  it('updates a user, reporting line included', async () => {
    const created = (await admin.post('/api/users', { username: 'otto', email: 'otto@example.com', role: 'member' })).body;
    const res = await admin.patch(`/api/users/${created.id}`, { firstName: 'Otto', lastName: 'Other', managerId: ids.manager, role: 'function_head' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Otto Other', managerId: ids.manager, role: 'function_head' });
    const cleared = await admin.patch(`/api/users/${created.id}`, { managerId: '' });
    expect(cleared.body.managerId).toBeNull();
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await listUsers();
    const cases: [unknown, number, RegExp][] = [
      [{ email: 'x@example.com' }, 400, /^Username is required$/],
      [{ username: '   ', email: 'x@example.com' }, 400, /^Username is required$/],
      [{ username: 'two words', email: 'x@example.com' }, 400, /cannot contain spaces/],
      [{ username: 'xavier' }, 400, /^Email is required$/],
      [{ username: 'xavier', email: 'not-an-email' }, 400, /^Please enter a valid email address$/],
      [{ username: 'xavier', email: 'x@example.com', role: 'emperor' }, 400, /Role must be one of: member, manager, admin, function_head/],
      [{ username: 'xavier', email: 'x@example.com', password: 'short' }, 400, /at least 8 characters/],
      [{ username: 'xavier', email: 'x@example.com', managerId: ids.user }, 400, /reporting manager must be an active manager or admin/],
      [{ username: 'xavier', email: 'x@example.com', managerId: 'nope' }, 400, /Reporting manager is not a valid id/],
      [{ username: 'ADMIN', email: 'x@example.com' }, 409, /username "ADMIN" is already taken/],
      [{ username: 'manager', email: 'x@example.com' }, 409, /already taken/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await admin.post('/api/users', payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await listUsers()).toEqual(before);
  });

  it('refuses reporting cycles, self-lockout and demoting a manager who has reportees', async () => {
    const a = (await admin.post('/api/users', { username: 'cyc-a', email: 'a@example.com', role: 'manager' })).body;
    const b = (await admin.post('/api/users', { username: 'cyc-b', email: 'b@example.com', role: 'manager', managerId: a.id })).body;
    const before = await listUsers();
    const cycle = await admin.patch(`/api/users/${a.id}`, { managerId: b.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toMatch(/reporting cycle/);
    const self = await admin.patch(`/api/users/${a.id}`, { managerId: a.id });
    expect(self.body.message).toBe('A user cannot report to themselves');
    const demote = await admin.patch(`/api/users/${a.id}`, { role: 'member' });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toMatch(/still has 1 direct report/);
    const deactivateSelf = await admin.patch(`/api/users/${ids.admin}`, { isActive: false });
    expect(deactivateSelf.status).toBe(403);
    expect(deactivateSelf.body.message).toBe('You cannot deactivate your own account');
    const demoteSelf = await admin.patch(`/api/users/${ids.admin}`, { role: 'member' });
    expect(demoteSelf.body.message).toBe('You cannot remove your own admin role');
    const deleteSelf = await admin.delete(`/api/users/${ids.admin}`);
    expect(deleteSelf.status).toBe(403);
    expect(deleteSelf.body.message).toBe('You cannot delete your own account');
    const badEmail = await admin.patch(`/api/users/${b.id}`, { email: 'nope' });
    expect(badEmail.status).toBe(400);
    const taken = await admin.patch(`/api/users/${b.id}`, { username: 'user' });
    expect(taken.status).toBe(409);
    expect(await listUsers()).toEqual(before);
  });

  it('managers and members are refused every admin route with 403, and nothing changes', async () => {
    const before = await listUsers();
    for (const c of [manager, member]) {
      const create = await c.post('/api/users', { username: 'sneaky', email: 's@example.com' });
      expect(create.status).toBe(403);
      expect(create.body.message).toBe('Only admins can manage users');
      expect((await c.patch(`/api/users/${ids.user}`, { role: 'admin' })).status).toBe(403);
      expect((await c.put(`/api/users/${ids.user}`, { role: 'admin' })).status).toBe(403);
      expect((await c.delete(`/api/users/${ids.user}`)).status).toBe(403);
      const gql = await c.gql('mutation($id: ID!) { setUserActive(id: $id, isActive: false) { id } }', { id: ids.user });
      expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const gqlCreate = await c.gql('mutation { createUser(input: { username: "sneaky", email: "s@example.com" }) { id } }');
      expect(gqlCreate.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const gqlDelete = await c.gql('mutation($id: ID!) { deleteUser(id: $id) }', { id: ids.user });
      expect(gqlDelete.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect(await listUsers()).toEqual(before);
  });

  it('unknown users answer 404', async () => {
    expect((await admin.patch('/api/users/00000000-0000-4000-8000-000000000000', { firstName: 'X' })).status).toBe(404);
    expect((await admin.delete('/api/users/not-an-id')).status).toBe(404);
  });
});

describe('deactivation and deletion end sessions', () => {
  it('a deactivated user loses their session at once and cannot sign in (REST)', async () => {
    const dora = (await admin.post('/api/users', { username: 'dora', email: 'dora@example.com', password: 'dora-pass-1' })).body;
    const session = await signedIn(server.url, 'dora', 'dora-pass-1');
    const oldCookie = session.cookieHeader();
    expect((await session.get('/api/tasks')).status).toBe(200);
    const off = await admin.patch(`/api/users/${dora.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect((await session.get('/api/tasks')).status).toBe(401);
    const login = await new Client(server.url).post('/api/auth/login', { username: 'dora', password: 'dora-pass-1' });
    expect(login.status).toBe(401);
    expect(login.body.message).toMatch(/inactive/);
    // Reactivated: the old session stays gone (it was destroyed on the server); a new sign-in works.
    expect((await admin.patch(`/api/users/${dora.id}`, { isActive: true })).body.isActive).toBe(true);
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie: oldCookie } })).status).toBe(401);
    await signedIn(server.url, 'dora', 'dora-pass-1');
    const inactive = (await listUsers()).find((u) => u.username === 'dora');
    expect(inactive.isActive).toBe(true);
  });

  it('GraphQL setUserActive(false) ends the session too', async () => {
    const eli = (await admin.post('/api/users', { username: 'eli', email: 'eli@example.com', password: 'eli-pass-12' })).body;
    const session = await signedIn(server.url, 'eli', 'eli-pass-12');
    const res = await admin.gql('mutation($id: ID!) { setUserActive(id: $id, isActive: false) { id isActive name } }', { id: eli.id });
    expect(res.data.setUserActive).toMatchObject({ isActive: false, name: 'eli' });
    expect((await session.gql('{ me { id } }')).data).toEqual({ me: null });
    expect((await session.get('/api/auth/me')).status).toBe(401);
  });

  it('deleting a user unassigns their tasks, frees their reportees and ends their session', async () => {
    const boss = (await admin.post('/api/users', { username: 'boss', email: 'boss@example.com', role: 'manager', password: 'boss-pass-1' })).body;
    const report = (await admin.post('/api/users', { username: 'report', email: 'report@example.com', managerId: boss.id })).body;
    const task = (await admin.post('/api/tasks', { title: 'Owned by boss', assignedToId: boss.id })).body;
    const session = await signedIn(server.url, 'boss', 'boss-pass-1');
    const del = await admin.delete(`/api/users/${boss.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: boss.id });
    expect((await session.get('/api/auth/me')).status).toBe(401);
    const users = await listUsers();
    expect(users.find((u) => u.id === boss.id)).toBeUndefined();
    expect(users.find((u) => u.id === report.id).managerId).toBeNull();
    const after = await admin.get(`/api/tasks/${task.id}`);
    expect(after.status).toBe(200);
    expect(after.body.assignedToId).toBeNull();
    const audit = await admin.get(`/api/audit?taskId=${task.id}`);
    expect(JSON.stringify(audit.body)).toMatch(/was deleted/);
    expect((await admin.delete(`/api/users/${boss.id}`)).status).toBe(404);
  });
});

describe('GraphQL user administration', () => {
  it('createUser, updateUser, deleteUser', async () => {
    const created = await admin.gql('mutation($input: UserInput!) { createUser(input: $input) { id username role name managerId } }', {
      input: { username: 'gql-user', email: 'gql@example.com', firstName: 'Gee', lastName: 'Quel', managerId: ids.manager, password: 'gql-pass-12' },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data.createUser).toMatchObject({ username: 'gql-user', role: 'member', name: 'Gee Quel', managerId: ids.manager });
    const id = created.data.createUser.id;
    const bad = await admin.gql('mutation($id: ID!) { updateUser(id: $id, input: { email: "broken" }) { id } }', { id });
    expect(bad.errors?.[0]).toMatchObject({ message: 'Please enter a valid email address', extensions: { code: 'BAD_USER_INPUT' } });
    const dup = await admin.gql('mutation { createUser(input: { username: "gql-user", email: "g@example.com" }) { id } }');
    expect(dup.errors?.[0].extensions?.code).toBe('CONFLICT');
    const updated = await admin.gql('mutation($id: ID!) { updateUser(id: $id, input: { role: "manager", managerId: null }) { role managerId } }', { id });
    expect(updated.data.updateUser).toEqual({ role: 'manager', managerId: null });
    const deleted = await admin.gql('mutation($id: ID!) { deleteUser(id: $id) }', { id });
    expect(deleted.data).toEqual({ deleteUser: id });
    const gone = await admin.gql('query($id: ID!) { user(id: $id) { id } }', { id });
    expect(gone.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
