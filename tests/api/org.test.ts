import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';

let server: TestServer;
let admin: Client;
let manager: Client;
let member: Client;
let ids: Record<string, string>;

const get = async (path: string): Promise<any[]> => {
  const res = await admin.get(path);
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  server = await startServer();
  [admin, manager, member] = await Promise.all([signedIn(server.url, 'admin'), signedIn(server.url, 'manager'), signedIn(server.url, 'user')]);
  ids = Object.fromEntries((await admin.get('/api/users')).body.map((u: any) => [u.username, u.id]));
  ids.head = (await admin.post('/api/users', { username: 'head', email: 'head@example.com', role: 'function_head' })).body.id;
});
afterAll(() => server?.close());

describe('functions', () => {
  it('admins create and update functions; defaults and head rules', async () => {
    const res = await admin.post('/api/functions', { name: 'Engineering', description: 'Builds things', headId: ids.head });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Engineering', color: '#3b82f6', headId: ids.head, isActive: true });
    const byAdmin = await admin.post('/api/functions', { name: 'Operations', color: '#111111', headId: ids.admin });
    expect(byAdmin.body).toMatchObject({ headId: ids.admin, color: '#111111' });
    const patched = await admin.patch(`/api/functions/${res.body.id}`, { description: 'Builds more', color: '#222222', isActive: true });
    expect(patched.body).toMatchObject({ description: 'Builds more', color: '#222222' });
    expect((await member.get('/api/functions')).body.map((f: any) => f.name)).toEqual(['Engineering', 'Operations']);
  });

  it('refuses bad input and non-admins, changing nothing', async () => {
    const before = await get('/api/functions');
    const fn = before[0];
    const cases: [string, string, unknown, number, RegExp][] = [
      ['post', '/api/functions', { name: ' ' }, 400, /^Function name is required$/],
      ['post', '/api/functions', { name: 'X', headId: ids.manager }, 400, /^The function head must be a function head or an admin$/],
      ['post', '/api/functions', { name: 'X', color: '#12' }, 400, /hex colour/],
      ['patch', `/api/functions/${fn.id}`, { name: '' }, 400, /^Function name is required$/],
      ['patch', `/api/functions/${fn.id}`, { headId: ids.user }, 400, /function head/],
    ];
    for (const [method, path, payload, status, message] of cases) {
      const res = method === 'post' ? await admin.post(path, payload) : await admin.patch(path, payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    for (const c of [manager, member]) {
      const post = await c.post('/api/functions', { name: 'Shadow' });
      expect(post.status).toBe(403);
      expect(post.body.message).toBe('Only admins can change the organisation structure');
      expect((await c.patch(`/api/functions/${fn.id}`, { name: 'Shadow' })).status).toBe(403);
    }
    expect(await get('/api/functions')).toEqual(before);
  });
});

describe('teams and team members', () => {
  let fnId: string;
  let teamId: string;

  it('admins create and update teams; defaults and rules', async () => {
    fnId = (await admin.post('/api/functions', { name: 'Product' })).body.id;
    const res = await admin.post('/api/teams', {
      name: 'Web',
      description: 'Front end',
      functionId: fnId,
      managerId: ids.manager,
      skillCategories: 'react, css, react',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Web',
      functionId: fnId,
      managerId: ids.manager,
      color: '#6b7280',
      skillCategories: ['react', 'css'],
      isActive: true,
    });
    teamId = res.body.id;
    const headLed = await admin.post('/api/teams', { name: 'Platform', functionId: fnId, managerId: ids.head, color: '#abcdef', skillCategories: ['go'] });
    expect(headLed.status).toBe(201);
    const patched = await admin.patch(`/api/teams/${teamId}`, { name: 'Web Team', skillCategories: ['react'], managerId: null });
    expect(patched.body).toMatchObject({ name: 'Web Team', skillCategories: ['react'], managerId: null });
    expect((await member.get('/api/teams')).body.length).toBe(2);
  });

  it('refuses bad input and non-admins, changing nothing', async () => {
    const inactive = (await admin.post('/api/functions', { name: 'Retired' })).body;
    await admin.patch(`/api/functions/${inactive.id}`, { isActive: false });
    const before = await get('/api/teams');
    const cases: [string, string, unknown, number, RegExp][] = [
      ['post', '/api/teams', { name: 'No function' }, 400, /^Function is required$/],
      ['post', '/api/teams', { name: 'No function', functionId: '' }, 400, /^Function is required$/],
      ['post', '/api/teams', { functionId: fnId }, 400, /^Team name is required$/],
      ['post', '/api/teams', { name: 'Old', functionId: inactive.id }, 400, /inactive: choose an active function/],
      ['post', '/api/teams', { name: 'Ghost', functionId: '00000000-0000-4000-8000-000000000000' }, 400, /does not exist/],
      [
        'post',
        '/api/teams',
        { name: 'Led by member', functionId: fnId, managerId: ids.user },
        400,
        /^The team manager must be a manager, function head or admin$/,
      ],
      ['patch', `/api/teams/${teamId}`, { functionId: null }, 400, /^Function is required$/],
      ['patch', `/api/teams/${teamId}`, { functionId: inactive.id }, 400, /inactive/],
      ['patch', `/api/teams/${teamId}`, { skillCategories: 42 }, 400, /Skill categories must be a list of text/],
    ];
    for (const [method, path, payload, status, message] of cases) {
      const res = method === 'post' ? await admin.post(path, payload) : await admin.patch(path, payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    for (const c of [manager, member]) {
      expect((await c.post('/api/teams', { name: 'Shadow', functionId: fnId })).status).toBe(403);
      expect((await c.patch(`/api/teams/${teamId}`, { name: 'Shadow' })).status).toBe(403);
    }
    expect(await get('/api/teams')).toEqual(before);
  });

  it('team members: list, add (admins), refuse duplicates, remove by id or by team and user', async () => {
    const add = await admin.post('/api/team-members', { teamId, userId: ids.user });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ teamId, userId: ids.user, isActive: true });
    await admin.post('/api/team-members', { teamId, userId: ids.manager });
    const dup = await admin.post('/api/team-members', { teamId, userId: ids.user });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Uri User is already a member of Web Team');
    expect((await admin.post('/api/team-members', { teamId })).body.message).toBe('User is required');
    for (const c of [manager, member]) {
      expect((await c.post('/api/team-members', { teamId, userId: ids.admin })).status).toBe(403);
      expect((await c.delete(`/api/team-members/${add.body.id}`)).status).toBe(403);
    }
    const all = (await member.get('/api/team-members')).body;
    expect(all.map((m: any) => m.userId).sort()).toEqual([ids.manager, ids.user].sort());
    expect((await member.get(`/api/team-members?teamId=${teamId}`)).body.length).toBe(2);

    expect((await admin.delete(`/api/team-members/${add.body.id}`)).status).toBe(200);
    const byPair = await admin.request('DELETE', '/api/team-members', { teamId, userId: ids.manager });
    expect(byPair.status).toBe(200);
    expect(await get('/api/team-members')).toEqual([]);
    expect((await admin.delete(`/api/team-members/${add.body.id}`)).status).toBe(404);
  });
});

describe('organisation over GraphQL', () => {
  it('functions, teams and members with their people; admin-only mutations', async () => {
    const fn = await admin.gql('mutation($headId: ID) { createFunction(input: { name: "Design", headId: $headId }) { id color head { username } } }', {
      headId: ids.head,
    });
    expect(fn.errors).toBeUndefined();
    expect(fn.data.createFunction).toMatchObject({ color: '#3b82f6', head: { username: 'head' } });
    const functionId = fn.data.createFunction.id;
    const noFn = await admin.gql('mutation { createTeam(input: { name: "Lost" }) { id } }');
    expect(noFn.errors?.[0]).toMatchObject({ message: 'Function is required', extensions: { code: 'BAD_USER_INPUT' } });
    const team = await admin.gql(
      'mutation($f: ID) { createTeam(input: { name: "UX", functionId: $f, skillCategories: ["figma"] }) { id color function { name } } }',
      { f: functionId },
    );
    expect(team.data.createTeam).toMatchObject({ color: '#6b7280', function: { name: 'Design' } });
    const teamId = team.data.createTeam.id;
    const member1 = await admin.gql('mutation($t: ID!, $u: ID!) { addTeamMember(teamId: $t, userId: $u) { id user { name } team { name } } }', {
      t: teamId,
      u: ids.user,
    });
    expect(member1.data.addTeamMember).toMatchObject({ user: { name: 'Uri User' }, team: { name: 'UX' } });
    const renamed = await admin.gql('mutation($id: ID!) { updateFunction(id: $id, input: { name: "Design & UX" }) { name } }', { id: functionId });
    expect(renamed.data.updateFunction.name).toBe('Design & UX');
    const updatedTeam = await admin.gql('mutation($id: ID!, $m: ID) { updateTeam(id: $id, input: { managerId: $m }) { manager { username } } }', {
      id: teamId,
      m: ids.manager,
    });
    expect(updatedTeam.data.updateTeam.manager.username).toBe('manager');

    // Functions with their teams, and teams with their members: nested three lists deep, the catalogue's
    // bounds multiply past the cost limit (api/graphql/list-bounds.ts).
    const read = await member.gql('{ functions { name teams { id name } } teamMembers { userId } teams { id name members { user { username } } } }');
    expect(read.errors).toBeUndefined();
    const design = read.data.functions.find((f: any) => f.name === 'Design & UX').teams[0];
    expect(read.data.teams.find((t: any) => t.id === design.id).members[0].user.username).toBe('user');

    for (const c of [manager, member]) {
      const denied = await c.gql('mutation { createFunction(input: { name: "Nope" }) { id } }');
      expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const deniedTeam = await c.gql('mutation($id: ID!) { updateTeam(id: $id, input: { name: "Nope" }) { id } }', { id: teamId });
      expect(deniedTeam.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const deniedMember = await c.gql('mutation($t: ID!, $u: ID!) { removeTeamMember(teamId: $t, userId: $u) }', { t: teamId, u: ids.user });
      expect(deniedMember.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const removed = await admin.gql('mutation($t: ID!, $u: ID!) { removeTeamMember(teamId: $t, userId: $u) }', { t: teamId, u: ids.user });
    expect(removed.data.removeTeamMember).toBe(member1.data.addTeamMember.id);
  });
});
