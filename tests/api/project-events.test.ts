import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, startServerPair, usingPostgres, type ServerPair, type TestServer } from './support/server.js';
import { signedIn, type Client } from './support/client.js';
import { openSocket, untilLive, type Socket, type Subscription } from './support/ws.js';

const EVENTS = `
  subscription {
    projectEvents {
      kind projectId actorId
      project { id name status isActive taskCounts { open done } viewerCan { update delete } }
    }
  }`;

interface Ev {
  kind: string;
  projectId: string | null;
  actorId: string | null;
  project: {
    id: string;
    name: string;
    status: string;
    isActive: boolean;
    taskCounts: { open: number; done: number };
    viewerCan: { update: boolean; delete: boolean };
  } | null;
}
type Data = { projectEvents: Ev };

const unique = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;

/** Opens a projectEvents subscription on `server` for `client` and waits until a probe project created by `prober` reaches it. */
async function liveProjects(server: TestServer, client: Client, prober: Client, sockets: Socket[]): Promise<Subscription<Data>> {
  const socket = openSocket(server.url, { cookie: client.cookieHeader() });
  sockets.push(socket);
  const sub = socket.subscribe<Data>(EVENTS);
  // Every stream starts with REFETCH: the subscriber reloads what it may have missed before it.
  expect(await sub.waitFor(() => true)).toEqual({ projectEvents: { kind: 'REFETCH', projectId: null, actorId: null, project: null } });
  await untilLive(
    sub,
    async () => (await prober.post('/api/projects', { name: unique('Probe') })).body.id,
    (d, id) => d.projectEvents.kind === 'CREATED' && d.projectEvents.projectId === id,
  );
  return sub;
}

const next = (sub: Subscription<Data>, match: (e: Ev) => boolean) => sub.waitFor((d) => match(d.projectEvents)).then((d) => d.projectEvents);

describe('projectEvents over graphql-ws (one server)', () => {
  let server: TestServer;
  let admin: Client;
  let manager: Client;
  let member: Client;
  const ids: Record<string, string> = {};
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // On the PostgreSQL run with Redis available, the events travel through the Redis hub.
    server = await startServer(usingPostgres() && process.env.REDIS_URL ? { env: { REDIS_URL: process.env.REDIS_URL } } : {});
    admin = await signedIn(server.url, 'admin');
    manager = await signedIn(server.url, 'manager');
    member = await signedIn(server.url, 'user');
    for (const [name, c] of Object.entries({ admin, manager, member })) ids[name] = (await c.get('/api/auth/me')).body.id;
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
    await server?.close();
  });

  it("pushes another user's create, update and delete to every subscriber, with the viewer's own rights", async () => {
    const memberSub = await liveProjects(server, member, manager, sockets);
    const adminSub = await liveProjects(server, admin, manager, sockets);

    // Created by the manager through GraphQL.
    const name = unique('Live project');
    const created = await manager.gql('mutation($i: ProjectInput!) { createProject(input: $i) { id } }', { i: { name } });
    const id = created.data.createProject.id as string;
    const toMember = await next(memberSub, (e) => e.projectId === id);
    expect(toMember).toMatchObject({
      kind: 'CREATED',
      actorId: ids.manager,
      project: { id, name, status: 'planning', isActive: true, taskCounts: { open: 0, done: 0 }, viewerCan: { update: false, delete: false } },
    });
    const toAdmin = await next(adminSub, (e) => e.projectId === id);
    expect(toAdmin.project?.viewerCan).toEqual({ update: true, delete: true });

    // A task naming the project: the counts each viewer receives are theirs.
    expect((await member.post('/api/tasks', { title: unique('Task'), project: name })).status).toBe(201);

    // Updated by the admin through REST.
    const renamed = unique('Renamed project');
    expect((await admin.put(`/api/projects/${id}`, { name: renamed, status: 'active' })).status).toBe(200);
    const updated = await next(memberSub, (e) => e.projectId === id && e.kind === 'UPDATED');
    expect(updated).toMatchObject({ actorId: ids.admin, project: { id, name: renamed, status: 'active', taskCounts: { open: 1, done: 0 } } });

    // Deleted by the admin.
    expect((await admin.delete(`/api/projects/${id}`)).status).toBe(200);
    const deleted = await next(memberSub, (e) => e.projectId === id && e.kind === 'DELETED');
    expect(deleted).toEqual({ kind: 'DELETED', projectId: id, actorId: ids.admin, project: null });
    await next(adminSub, (e) => e.projectId === id && e.kind === 'DELETED');
  });

  it('publishes nothing for refused or failed writes', async () => {
    const sub = await liveProjects(server, member, member, sockets);
    const before = sub.events.length;
    const existing = (await member.post('/api/projects', { name: unique('Taken') })).body;
    await next(sub, (e) => e.projectId === existing.id);

    // Refused: a member may not edit or delete; a duplicate name and a missing name are bad input.
    expect((await member.put(`/api/projects/${existing.id}`, { name: unique('Not allowed') })).status).toBe(403);
    expect((await member.delete(`/api/projects/${existing.id}`)).status).toBe(403);
    expect((await member.post('/api/projects', { name: existing.name.toUpperCase() })).status).toBe(409);
    expect((await member.post('/api/projects', { name: '  ' })).status).toBe(400);
    // An update that changes nothing publishes nothing either.
    expect((await admin.put(`/api/projects/${existing.id}`, { name: existing.name })).status).toBe(200);

    // Events arrive in order, so once this marker arrives nothing else can be in between.
    const marker = (await member.post('/api/projects', { name: unique('Marker') })).body.id;
    await next(sub, (e) => e.projectId === marker);
    const received = sub.events.slice(before).map((d) => d.projectEvents);
    expect(received.map((e) => [e.kind, e.projectId])).toEqual([
      ['CREATED', existing.id],
      ['CREATED', marker],
    ]);
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!usingPostgres() || !DATABASE_URL || !REDIS_URL)('projectEvents across two servers (PostgreSQL + Redis)', () => {
  let pair: ServerPair | undefined;
  let a: TestServer;
  let b: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    pair = await startServerPair(DATABASE_URL!, REDIS_URL!, 'project_events');
    ({ a, b } = pair);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.dispose().catch(() => {})));
    await pair?.close();
  });

  it('delivers a project created, updated and deleted on A to a subscriber on B', async () => {
    const adminOnA = await signedIn(a.url, 'admin');
    const memberOnB = await signedIn(b.url, 'user');
    const sub = await liveProjects(b, memberOnB, adminOnA, sockets);
    const name = unique('Scale-out project');
    const id = (await adminOnA.post('/api/projects', { name })).body.id;
    expect(await next(sub, (e) => e.projectId === id)).toMatchObject({ kind: 'CREATED', project: { name, viewerCan: { update: false } } });
    expect((await adminOnA.patch(`/api/projects/${id}`, { progress: 40 })).status).toBe(200);
    await next(sub, (e) => e.projectId === id && e.kind === 'UPDATED');
    expect((await adminOnA.delete(`/api/projects/${id}`)).status).toBe(200);
    expect(await next(sub, (e) => e.projectId === id && e.kind === 'DELETED')).toMatchObject({ project: null });
  });
});
