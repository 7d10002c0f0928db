/**
 * The inputs besides the resources' payloads (input-hardening-payloads.test.ts) refuse a NUL byte and a lone
 * surrogate: moves, bulk deletes, sharing, team members, sign-in, searches and filters, ids in the address and
 * in GraphQL arguments. Then request bodies (a JSON null, an empty body) and dates before 1900.
 */
import { describe, expect, it } from 'vitest';
import { Client } from './support/client.js';
import { admin, fx, gql, readStates, refusesEach, rest, server, useHardeningFixtures, type Case } from './support/input-hardening.js';

useHardeningFixtures();

const taskState = () => [`/api/tasks/${fx.task}`];
const noState = () => [] as string[];
const query = (bad: string) => encodeURIComponent(bad);

const otherCases: Case[] = [
  // Moves
  ...['column', 'scheduledTime', 'scheduledDate'].flatMap((field): Case[] => [
    {
      transport: 'REST',
      operation: 'POST task move',
      field,
      state: taskState,
      send: (bad) => rest('POST', `/api/tasks/${fx.task}/move`, { column: 'today', [field]: bad }),
    },
    ...(field === 'column'
      ? []
      : [
          {
            transport: 'GraphQL' as const,
            operation: 'moveTask',
            field,
            state: taskState,
            send: (bad: string) =>
              gql('mutation($i: MoveTaskInput!) { moveTask(input: $i) { id } }', { i: { taskId: fx.task, column: 'TODAY', [field]: bad } }),
          },
        ]),
  ]),
  {
    transport: 'REST',
    operation: 'POST task bulk-delete',
    field: 'ids',
    state: () => ['/api/tasks'],
    send: (bad) => rest('POST', '/api/tasks/bulk-delete', { ids: [fx.task, bad] }),
  },
  {
    transport: 'GraphQL',
    operation: 'deleteTasks',
    field: 'ids',
    state: () => ['/api/tasks'],
    send: (bad) => gql('mutation($ids: [ID!]!) { deleteTasks(ids: $ids) }', { ids: [fx.task, bad] }),
  },
  {
    transport: 'REST',
    operation: 'POST view share',
    field: 'sharedWith',
    state: () => ['/api/task-views'],
    send: (bad) => rest('POST', `/api/task-views/${fx.view}/share`, { sharedWith: [bad] }),
  },
  {
    transport: 'GraphQL',
    operation: 'shareTaskView',
    field: 'sharedWith',
    state: () => ['/api/task-views'],
    send: (bad) => gql('mutation($id: ID!, $s: [ID!]) { shareTaskView(id: $id, input: { sharedWith: $s }) { id } }', { id: fx.view, s: [bad] }),
  },
  {
    transport: 'REST',
    operation: 'POST team member',
    field: 'userId',
    state: () => ['/api/team-members'],
    send: (bad) => rest('POST', '/api/team-members', { teamId: fx.team, userId: bad }),
  },
  {
    transport: 'GraphQL',
    operation: 'addTeamMember',
    field: 'userId',
    state: () => ['/api/team-members'],
    send: (bad) => gql('mutation($t: ID!, $u: ID!) { addTeamMember(teamId: $t, userId: $u) { id } }', { t: fx.team, u: bad }),
  },
  // Sign-in (a fresh client: nothing about the session changes either)
  ...['username', 'password'].flatMap((field): Case[] => [
    {
      transport: 'REST',
      operation: 'POST login',
      field,
      state: noState,
      send: (bad) => rest('POST', '/api/auth/login', { username: 'admin', password: 'admin123', [field]: bad }),
    },
    {
      transport: 'GraphQL',
      operation: 'login',
      field,
      state: noState,
      send: (bad) =>
        gql(
          'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { id } }',
          { u: 'admin', p: 'admin123', [field === 'username' ? 'u' : 'p']: bad },
          new Client(server.url),
        ),
    },
  ]),
  // Searches and filters
  ...['search', 'q', 'project', 'category', 'priority', 'status', 'assignedToId', 'from', 'to'].map((field): Case => ({
    transport: 'REST',
    operation: 'GET tasks',
    field,
    state: noState,
    inUrl: true,
    send: (bad) => rest('GET', `/api/tasks?${field}=${query(bad)}`),
  })),
  ...['search', 'project', 'category', 'priority', 'tag', 'assignedToId', 'from', 'to', 'ids'].map((field): Case => ({
    transport: 'GraphQL',
    operation: 'tasks',
    field,
    state: noState,
    send: (bad) => gql('query($f: TaskFilter) { tasks(filter: $f) { totalCount } }', { f: { [field]: field === 'ids' ? [bad] : bad } }),
  })),
  ...['taskId', 'userId', 'action', 'entityType', 'from', 'to', 'q'].flatMap((field): Case[] => [
    { transport: 'REST', operation: 'GET audit', field, state: noState, inUrl: true, send: (bad) => rest('GET', `/api/audit?${field}=${query(bad)}`) },
    {
      transport: 'GraphQL',
      operation: 'activity',
      field,
      state: noState,
      send: (bad) => gql('query($f: ActivityFilter) { activity(filter: $f) { totalCount } }', { f: { [field]: bad } }),
    },
  ]),
  {
    transport: 'REST',
    operation: 'GET system-configs',
    field: 'configType',
    state: noState,
    inUrl: true,
    send: (bad) => rest('GET', `/api/system-configs?configType=${query(bad)}`),
  },
  {
    transport: 'GraphQL',
    operation: 'systemConfigs',
    field: 'configType',
    state: noState,
    send: (bad) => gql('query($t: String) { systemConfigs(configType: $t) { id } }', { t: bad }),
  },
  {
    transport: 'REST',
    operation: 'GET teams',
    field: 'functionId',
    state: noState,
    inUrl: true,
    send: (bad) => rest('GET', `/api/teams?functionId=${query(bad)}`),
  },
  {
    transport: 'GraphQL',
    operation: 'teams',
    field: 'functionId',
    state: noState,
    send: (bad) => gql('query($f: ID) { teams(functionId: $f) { id } }', { f: bad }),
  },
  ...['teamId', 'userId'].flatMap((field): Case[] => [
    {
      transport: 'REST',
      operation: 'GET team-members',
      field,
      state: noState,
      inUrl: true,
      send: (bad) => rest('GET', `/api/team-members?${field}=${query(bad)}`),
    },
    {
      transport: 'GraphQL',
      operation: 'teamMembers',
      field,
      state: noState,
      send: (bad) => gql(`query($x: ID) { teamMembers(${field}: $x) { id } }`, { x: bad }),
    },
  ]),
  // Ids in the address and in GraphQL arguments
  ...['tasks', 'subtasks', 'projects', 'system-configs', 'task-templates', 'task-views', 'functions', 'teams', 'users'].map((route): Case => ({
    transport: 'REST',
    operation: `PATCH ${route}/:id`,
    field: 'id',
    state: noState,
    inUrl: true,
    send: (bad) => rest('PATCH', `/api/${route}/${query(bad)}`, { description: 'x' }),
  })),
  ...['tasks', 'task-comments', 'team-members'].map((route): Case => ({
    transport: 'REST',
    operation: `DELETE ${route}/:id`,
    field: 'id',
    state: () => ['/api/tasks'],
    inUrl: true,
    send: (bad) => rest('DELETE', `/api/${route}/${query(bad)}`),
  })),
  {
    transport: 'REST',
    operation: 'GET tasks/:id/comments',
    field: 'taskId',
    state: noState,
    inUrl: true,
    send: (bad) => rest('GET', `/api/tasks/${query(bad)}/comments`),
  },
  ...Object.entries({
    task: 'id',
    project: 'id',
    taskTemplate: 'id',
    taskView: 'id',
    user: 'id',
    taskAudit: 'taskId',
    comments: 'taskId',
    subtasks: 'taskId',
  }).map(([operation, field]): Case => ({
    transport: 'GraphQL',
    operation,
    field,
    state: noState,
    send: (bad) => gql(`query($x: ID!) { ${operation}(${field}: $x) { id } }`, { x: bad }),
  })),
  ...[
    'deleteTask',
    'deleteSubtask',
    'deleteComment',
    'deleteProject',
    'deleteSystemConfig',
    'deleteTaskTemplate',
    'deleteTaskView',
    'deleteUser',
    'promoteSubtask',
    'createTaskFromTemplate',
  ].map((mutation): Case => ({
    transport: 'GraphQL',
    operation: mutation,
    field: 'id',
    state: () => ['/api/tasks'],
    send: (bad) =>
      gql(`mutation($x: ID!) { ${mutation}(id: $x)${mutation === 'promoteSubtask' || mutation === 'createTaskFromTemplate' ? ' { id }' : ''} }`, { x: bad }),
  })),
];

describe('text no field may hold: NUL and lone surrogates are 400 / BAD_USER_INPUT everywhere', () => {
  refusesEach(otherCases);

  it('names the field in the message, on both transports', async () => {
    const res = await admin.client.patch(`/api/tasks/${fx.task}`, { title: 'Bad\u0000title' });
    expect(res.body).toEqual({ code: 'BAD_USER_INPUT', message: 'Title contains a character that is not allowed' });
    const viaGql = await gql('mutation($id: ID!, $i: TaskInput!) { updateTask(id: $id, input: $i) { id } }', { id: fx.task, i: { description: 'Bad\ud800' } });
    expect(viaGql.message).toBe('Description contains a character that is not allowed');
    const login = await new Client(server.url).post('/api/auth/login', { username: 'admin', password: 'admin\u0000123' });
    expect([login.status, login.body.message]).toEqual([400, 'Password contains a character that is not allowed']);
  });

  it('an escaped NUL inside a GraphQL string literal is refused the same way', async () => {
    const res = await admin.client.gql(`mutation { createTask(input: { title: "Bad\\u0000title" }) { id } }`);
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
  });

  it('keeps tab, line feed, carriage return and paired surrogates (emoji)', async () => {
    const description = 'Line one\r\nLine\ttwo 🎉';
    const res = await admin.client.patch(`/api/tasks/${fx.task}`, { description, tags: ['kept', 'party 🎉'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description, tags: ['kept', 'party 🎉'] });
  });

  it('a repeated query parameter (a list where text is expected) is a 400, not a 500', async () => {
    const res = await admin.client.get('/api/tasks?search=a&search=b');
    expect([res.status, res.body.code]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it('a surrogate percent-encoded in the URL (not UTF-8) is never a 500', async () => {
    for (const path of ['/api/tasks?search=%ED%A0%80', '/api/tasks/%ED%A0%80', '/api/audit?q=%ED%A0%80']) {
      const res = await admin.client.get(path);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});

describe('request bodies and dates', () => {
  it.each(['PATCH', 'PUT', 'POST'])('a JSON null body on %s is a 400 and changes nothing', async (method) => {
    const path = method === 'POST' ? '/api/tasks' : `/api/tasks/${fx.task}`;
    const before = await readStates(['/api/tasks']);
    const res = await admin.client.request(method, path, 'null', { 'content-type': 'application/json' });
    expect([res.status, res.body]).toEqual([400, { code: 'BAD_USER_INPUT', message: 'Expected a JSON object in the request body' }]);
    expect(await readStates(['/api/tasks'])).toEqual(before);
  });

  it('an empty body still reads as no fields', async () => {
    const c = new Client(server.url);
    await c.login('user');
    expect((await c.request('POST', '/api/auth/logout')).status).toBe(200);
  });

  it('date-only values before 1900 are out of range, like date-times (REST and GraphQL)', async () => {
    const before = await readStates([`/api/tasks/${fx.task}`]);
    const res = await admin.client.patch(`/api/tasks/${fx.task}`, { dueDate: '1850-01-01' });
    expect([res.status, res.body.message]).toEqual([400, 'Due date is out of range']);
    const dateTime = await admin.client.patch(`/api/tasks/${fx.task}`, { dueDate: '1850-01-01T10:00:00Z' });
    expect([dateTime.status, dateTime.body.message]).toEqual([400, 'Due date is out of range']);
    const viaGql = await gql('mutation($id: ID!, $i: SubtaskInput!) { updateSubtask(id: $id, input: $i) { id } }', {
      id: fx.subtask,
      i: { dueDate: '0999-12-31' },
    });
    expect([viaGql.code, viaGql.message]).toEqual(['BAD_USER_INPUT', 'Due date is out of range']);
    expect(await readStates([`/api/tasks/${fx.task}`])).toEqual(before);
    expect((await admin.client.patch(`/api/tasks/${fx.task}`, { dueDate: '1900-01-01' })).status).toBe(200);
  });
});
