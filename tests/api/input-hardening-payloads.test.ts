/**
 * Every text field of every resource's create and update payload, over REST and GraphQL, refuses a NUL byte
 * and a lone surrogate (BAD_VALUES in support/input-hardening.ts). Moves, sign-in, searches, ids in the
 * address and request bodies are in input-hardening-requests.test.ts.
 */
import { describe } from 'vitest';
import { fx, gql, refusesEach, rest, useHardeningFixtures, type Case } from './support/input-hardening.js';

useHardeningFixtures();

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

describe('text no field may hold: NUL and lone surrogates are 400 / BAD_USER_INPUT everywhere', () => {
  refusesEach(resources.flatMap(resourceCases));
});
