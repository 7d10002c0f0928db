import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { person, type Person } from './support/task-helpers.js';

/**
 * Text no field may hold: a NUL byte (PostgreSQL refuses it in text, which was a 500) and a lone UTF-16
 * surrogate (not encodable as UTF-8). Every text input of both transports refuses both with 400 /
 * BAD_USER_INPUT before anything reaches the database, and nothing changes.
 */
const BAD_VALUES = { NUL: 'Bad\u0000value', 'lone surrogate': 'Bad\ud800value' } as const;

let server: TestServer;
let admin: Person;
/** Objects the update cases change (ids filled in beforeAll). */
const fx = {} as Record<'task' | 'subtask' | 'project' | 'config' | 'template' | 'view' | 'fn' | 'team' | 'user', string>;

const created = async (res: Promise<{ status: number; body: any }>): Promise<string> => {
  const { status, body } = await res;
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id;
};

beforeAll(async () => {
  server = await startServer();
  admin = await person(server, 'admin');
  const c = admin.client;
  fx.task = await created(c.post('/api/tasks', { title: 'Hardening target', description: 'Kept', tags: ['kept'] }));
  fx.subtask = await created(c.post(`/api/tasks/${fx.task}/subtasks`, { title: 'Kept subtask' }));
  fx.project = await created(c.post('/api/projects', { name: 'Kept project' }));
  fx.config = await created(c.post('/api/system-configs', { configType: 'categories', configKey: 'kept', displayLabel: 'Kept' }));
  fx.template = await created(c.post('/api/task-templates', { name: 'Kept template', title: 'Kept title' }));
  fx.view = await created(c.post('/api/task-views', { name: 'Kept view' }));
  fx.fn = await created(c.post('/api/functions', { name: 'Kept function' }));
  fx.team = await created(c.post('/api/teams', { name: 'Kept team', functionId: fx.fn }));
  fx.user = await created(c.post('/api/users', { username: 'kept-user', email: 'kept@example.com', password: 'kept-password' }));
});
afterAll(() => server?.close());

type Outcome = { status: number; code: string | undefined; message: string | undefined };

async function rest(method: string, path: string, body?: unknown): Promise<Outcome> {
  const res = await admin.client.request(method, path, body);
  return { status: res.status, code: res.body?.code, message: res.body?.message };
}

async function gql(query: string, variables: Record<string, unknown>, client: Client = admin.client): Promise<Outcome> {
  const res = await client.gql(query, variables);
  const error = res.errors?.[0];
  return { status: res.status, code: error?.extensions?.code, message: error?.message };
}

/** What a resource's payload looks like with the bad text in one field. */
type FieldValue = (bad: string) => unknown;
const text: FieldValue = (bad) => bad;
const list: FieldValue = (bad) => ['fine', bad];

interface Resource {
  name: string;
  /** Text fields of the payload; those absent from the GraphQL input type (enums there) are listed in restOnly. */
  fields: Record<string, FieldValue>;
  restOnly?: string[];
  /** Fields the create payload needs besides the one under test. */
  required: Record<string, unknown>;
  rest: { create: () => string; update?: () => string };
  gql: { input: string; create: string; update?: string; parent?: string };
  /** The state that must not change: read back over REST. */
  state: () => string;
}

const resources: Resource[] = [
  {
    name: 'task',
    fields: {
      title: text,
      description: text,
      project: text,
      category: text,
      priority: text,
      status: text,
      column: text,
      tags: list,
      dueDate: text,
      scheduledDate: text,
      scheduledTime: text,
      assignedToId: text,
      repeatPattern: text,
      repeatEndDate: text,
    },
    restOnly: ['status', 'column', 'repeatPattern'],
    required: { title: 'A title' },
    rest: { create: () => '/api/tasks', update: () => `/api/tasks/${fx.task}` },
    gql: { input: 'TaskInput', create: 'createTask', update: 'updateTask' },
    state: () => '/api/tasks',
  },
  {
    name: 'subtask',
    fields: { title: text, description: text, status: text, dueDate: text, comments: text, tags: list, assignedToId: text },
    required: { title: 'A title' },
    rest: { create: () => `/api/tasks/${fx.task}/subtasks`, update: () => `/api/subtasks/${fx.subtask}` },
    gql: { input: 'SubtaskInput', create: 'createSubtask', update: 'updateSubtask', parent: 'taskId' },
    state: () => `/api/tasks/${fx.task}/subtasks`,
  },
  {
    name: 'comment',
    fields: { content: text, commentType: text },
    required: { content: 'A comment' },
    rest: { create: () => `/api/tasks/${fx.task}/comments` },
    gql: { input: 'CommentInput', create: 'addComment', parent: 'taskId' },
    state: () => `/api/tasks/${fx.task}/comments`,
  },
  {
    name: 'project',
    fields: {
      name: text,
      description: text,
      charter: text,
      color: text,
      projectType: text,
      visibility: text,
      status: text,
      priority: text,
      projectManagerId: text,
      functionId: text,
      startDate: text,
      endDate: text,
    },
    required: { name: 'A project' },
    rest: { create: () => '/api/projects', update: () => `/api/projects/${fx.project}` },
    gql: { input: 'ProjectInput', create: 'createProject', update: 'updateProject' },
    state: () => '/api/projects',
  },
  {
    name: 'config item',
    fields: { configType: text, configKey: text, displayLabel: text, color: text, value: text },
    required: { configType: 'categories', configKey: 'new-key', displayLabel: 'New' },
    rest: { create: () => '/api/system-configs', update: () => `/api/system-configs/${fx.config}` },
    gql: { input: 'SystemConfigInput', create: 'createSystemConfig', update: 'updateSystemConfig' },
    state: () => '/api/system-configs',
  },
  {
    name: 'template',
    fields: {
      name: text,
      title: text,
      description: text,
      project: text,
      category: text,
      priority: text,
      tags: list,
      defaultAssigneeId: text,
      'subtasks.title': (bad) => [{ title: bad }],
      'subtasks.description': (bad) => [{ title: 'A step', description: bad }],
      'subtasks.status': (bad) => [{ title: 'A step', status: bad }],
    },
    required: { name: 'A template', title: 'A title' },
    rest: { create: () => '/api/task-templates', update: () => `/api/task-templates/${fx.template}` },
    gql: { input: 'TaskTemplateInput', create: 'createTaskTemplate', update: 'updateTaskTemplate' },
    state: () => '/api/task-templates',
  },
  {
    name: 'view',
    fields: {
      name: text,
      description: text,
      columns: list,
      sortBy: text,
      sortOrder: text,
      sharedWith: list,
      'filters.projects': list,
      'filters.statuses': list,
      'filters.tags': list,
      'filters.assignees': list,
      'filters.categories': list,
      'filters.priorities': list,
      'filters.search': text,
      'filters.dateRange.start': text,
      'filters.dateRange.end': text,
    },
    required: { name: 'A view' },
    rest: { create: () => '/api/task-views', update: () => `/api/task-views/${fx.view}` },
    gql: { input: 'TaskViewInput', create: 'createTaskView', update: 'updateTaskView' },
    state: () => '/api/task-views',
  },
  {
    name: 'function',
    fields: { name: text, description: text, color: text, headId: text },
    required: { name: 'A function' },
    rest: { create: () => '/api/functions', update: () => `/api/functions/${fx.fn}` },
    gql: { input: 'FunctionInput', create: 'createFunction', update: 'updateFunction' },
    state: () => '/api/functions',
  },
  {
    name: 'team',
    fields: { name: text, description: text, functionId: text, managerId: text, color: text, skillCategories: list },
    required: { name: 'A team', functionId: '{fn}' },
    rest: { create: () => '/api/teams', update: () => `/api/teams/${fx.team}` },
    gql: { input: 'TeamInput', create: 'createTeam', update: 'updateTeam' },
    state: () => '/api/teams',
  },
  {
    name: 'user',
    fields: { username: text, email: text, firstName: text, lastName: text, role: text, managerId: text, password: text, profileImageUrl: text },
    required: { username: 'new-user', email: 'new@example.com' },
    rest: { create: () => '/api/users', update: () => `/api/users/${fx.user}` },
    gql: { input: 'UserInput', create: 'createUser', update: 'updateUser' },
    state: () => '/api/users',
  },
];

/** `{ a: { b: value } }` for the path 'a.b'. */
function nested(path: string, value: unknown): Record<string, unknown> {
  return path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

/** The create payload: the required fields (fixture ids filled in) with the field under test. */
function createPayload(resource: Resource, field: string, value: unknown): Record<string, unknown> {
  const required = Object.fromEntries(Object.entries(resource.required).map(([k, v]) => [k, v === '{fn}' ? fx.fn : v]));
  return { ...required, ...nested(field, value) };
}

interface Case {
  transport: 'REST' | 'GraphQL';
  operation: string;
  field: string;
  send: (bad: string) => Promise<Outcome>;
  /** REST paths whose answers must be the same before and after the refusal. */
  state: () => string[];
  /** Sent in the URL: only NUL (percent-encoding is UTF-8, which has no lone surrogates). */
  inUrl?: boolean;
}

function resourceCases(resource: Resource): Case[] {
  const cases: Case[] = [];
  const state = () => [resource.state()];
  for (const [field, value] of Object.entries(resource.fields)) {
    const inGql = !resource.restOnly?.includes(field);
    const parentArg = resource.gql.parent ? `$p: ID!, ` : '';
    const parentUse = resource.gql.parent ? `${resource.gql.parent}: $p, ` : '';
    cases.push({
      transport: 'REST',
      operation: `POST ${resource.name}`,
      field,
      state,
      send: (bad) => rest('POST', resource.rest.create(), createPayload(resource, field, value(bad))),
    });
    if (inGql) {
      cases.push({
        transport: 'GraphQL',
        operation: resource.gql.create,
        field,
        state,
        send: (bad) =>
          gql(`mutation(${parentArg}$i: ${resource.gql.input}!) { ${resource.gql.create}(${parentUse}input: $i) { id } }`, {
            p: fx.task,
            i: createPayload(resource, field, value(bad)),
          }),
      });
    }
    if (resource.rest.update) {
      const path = resource.rest.update;
      cases.push({ transport: 'REST', operation: `PATCH ${resource.name}`, field, state, send: (bad) => rest('PATCH', path(), nested(field, value(bad))) });
    }
    if (resource.gql.update && inGql) {
      const mutation = resource.gql.update;
      const id = () => path(resource.rest.update!());
      cases.push({
        transport: 'GraphQL',
        operation: mutation,
        field,
        state,
        send: (bad) =>
          gql(`mutation($id: ID!, $i: ${resource.gql.input}!) { ${mutation}(id: $id, input: $i) { id } }`, { id: id(), i: nested(field, value(bad)) }),
      });
    }
  }
  return cases;
}
/** The last segment of a REST path: the object's id. */
const path = (p: string) => p.split('/').pop()!;

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

const cases: Case[] = [...resources.flatMap(resourceCases), ...otherCases];

async function readStates(paths: string[]): Promise<unknown[]> {
  return Promise.all(paths.map(async (p) => (await admin.client.get(p)).body));
}

describe('text no field may hold: NUL and lone surrogates are 400 / BAD_USER_INPUT everywhere', () => {
  it.each(cases)('$transport $operation: $field', async ({ transport, send, state, inUrl }) => {
    for (const [name, bad] of Object.entries(inUrl ? { NUL: BAD_VALUES.NUL } : BAD_VALUES)) {
      const before = await readStates(state());
      const outcome = await send(bad);
      const seen = `${name}: ${JSON.stringify(outcome)}`;
      expect(outcome.code, seen).toBe('BAD_USER_INPUT');
      if (transport === 'REST') expect(outcome.status, seen).toBe(400);
      else expect(outcome.status, seen).not.toBe(500);
      expect(outcome.message, seen).toBeTruthy();
      expect(await readStates(state()), `${name}: state changed`).toEqual(before);
    }
  });

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
