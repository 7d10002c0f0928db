import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getNamedType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { SERVER_MODULES } from '../../api/modules/index.js';
import { buildAppSchema } from '../../api/graphql/schema.js';
import { LIST_BOUNDS, listBoundOf, returnsList } from '../../api/graphql/list-bounds.js';
import { queryLimitRules } from '../../api/graphql/limits.js';
import * as web from '../../web/gql/graphql.js';
import { startServer, type TestServer } from './support/server.js';
import { newTask, person } from './support/task-helpers.js';
import { TaskComment } from '../../api/modules/comment/comment.entity.js';

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildAppSchema(SERVER_MODULES);
});

const PAGE_ARGS = ['first', 'last'];

/** Every field of the schema's object and interface types, outside introspection. */
function fields(): { type: string; field: GraphQLField<unknown, unknown> }[] {
  return Object.values(schema.getTypeMap())
    .filter((t): t is GraphQLObjectType | GraphQLInterfaceType => !t.name.startsWith('__') && (isObjectType(t) || isInterfaceType(t)))
    .flatMap((t) => Object.values(t.getFields()).map((field) => ({ type: t.name, field })));
}

describe('every list field of the schema has a cost bound (api/graphql/list-bounds.ts)', () => {
  it('finds each list field in the table, so a new list cannot slip in uncosted', () => {
    const lists = fields().filter(({ field }) => returnsList(field));
    expect(lists.length).toBeGreaterThan(40);
    const missing = lists.filter(({ type, field }) => !listBoundOf(type, field.name)).map(({ type, field }) => `${type}.${field.name}`);
    expect(missing, 'list fields without an entry in LIST_BOUNDS').toEqual([]);
  });

  it('a page bound has a page size: on the field itself, or on every field that returns its parent', () => {
    const all = fields();
    const hasPage = (f: GraphQLField<unknown, unknown>) =>
      f.args.some((a) => PAGE_ARGS.includes(a.name) && (a.defaultValue !== undefined || isNonNullType(a.type)));
    for (const [key, bound] of Object.entries(LIST_BOUNDS)) {
      if (!('page' in bound)) continue;
      const [typeName, fieldName] = key.split('.');
      const own = all.find((f) => f.type === typeName && f.field.name === fieldName);
      if (!own) continue; // not (or no longer) in the schema
      if (hasPage(own.field)) continue;
      const parents = all.filter((f) => getNamedType(f.field.type).name === typeName);
      expect(parents.length, `${key}: nothing returns ${typeName}`).toBeGreaterThan(0);
      for (const p of parents) expect(hasPage(p.field), `${key}: ${p.type}.${p.field.name} returns ${typeName} without first/last`).toBe(true);
    }
  });

  it('an argument bound names a list argument of the field', () => {
    for (const [key, bound] of Object.entries(LIST_BOUNDS)) {
      if (!('argument' in bound)) continue;
      const [typeName, fieldName] = key.split('.');
      const own = fields().find((f) => f.type === typeName && f.field.name === fieldName);
      if (!own) continue;
      const arg = own.field.args.find((a) => a.name === bound.argument);
      expect(arg, key).toBeDefined();
      expect(isListType(arg && isNonNullType(arg.type) ? arg.type.ofType : arg?.type), key).toBe(true);
    }
  });
});

describe("the web client's documents pass the limits", () => {
  it('every query, mutation and subscription of web/gql is valid and within the cost limit (variables unknown: the largest pages)', () => {
    const documents = Object.entries(web).filter(([name, value]) => name.endsWith('Document') && (value as DocumentNode)?.kind === Kind.DOCUMENT) as [
      string,
      DocumentNode,
    ][];
    const operations = documents.filter(([, d]) => d.definitions.some((def) => def.kind === Kind.OPERATION_DEFINITION));
    expect(operations.length).toBeGreaterThan(50);
    const refused = operations.flatMap(([name, document]) =>
      validate(schema, document, [...specifiedRules, ...queryLimitRules()]).map(
        (e) => `${name} (${(document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode).name?.value}): ${e.message}`,
      ),
    );
    expect(refused).toEqual([]);
  });
});

describe('a bound nothing upstream guarantees is enforced at read', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it("a task's comments: the newest 200 of 205, oldest first as always, in Task.comments and Query.comments", async () => {
    server = await startServer();
    const user = await person(server, 'user');
    const task = await newTask(user.client, { title: 'Long thread' });
    const em = server.app.runtime.orm.em.fork();
    for (let i = 0; i < 205; i++)
      em.persist(
        Object.assign(new TaskComment(), { taskId: task.id, userId: user.id, content: `Comment ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }),
      );
    await em.flush();
    expect(LIST_BOUNDS['Task.comments']).toEqual({ max: 200, keep: 'last' });
    const res = await user.client.gql('query($id: ID!) { task(id: $id) { comments { content } } comments(taskId: $id) { content } }', { id: task.id });
    expect(res.errors).toBeUndefined();
    for (const list of [res.data.task.comments, res.data.comments]) {
      expect(list).toHaveLength(200);
      expect(list[0].content).toBe('Comment 5');
      expect(list[199].content).toBe('Comment 204');
    }
  });
});
