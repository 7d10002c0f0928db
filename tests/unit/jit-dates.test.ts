import { describe, expect, it } from 'vitest';
import { GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, getOperationAST, parse, type ExecutionResult } from 'graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { createJitExecutor } from '../../api/graphql/jit-executor.js';

// A schema with the app's date scalar: a list of instants (ms) given per request, as dates.
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      dates: {
        type: new GraphQLNonNull(new GraphQLList(GraphQLDateTimeISO)),
        resolve: (_root, _args, context: { dates: unknown[] }) => context.dates,
      },
    },
  }),
});
const document = parse('query Dates { dates }');
const execute = createJitExecutor(schema);

/** Runs the query through the executor (compiled from its second run on). */
async function run(dates: unknown[]): Promise<ExecutionResult> {
  const requestContext = {
    document,
    operation: getOperationAST(document, 'Dates'),
    request: { query: 'query Dates { dates }', operationName: 'Dates' },
    context: { dates },
  };
  return (await execute(requestContext as never)) as ExecutionResult;
}

describe('the compiled executor serializes dates as the DateTimeISO scalar does', () => {
  it('gives each instant its ISO string, run after run and past the memo of serialized instants', async () => {
    const start = Date.UTC(2026, 0, 1, 9, 30, 15, 123);
    // More distinct instants than the memo keeps (16,384), and each of them again.
    const instants = Array.from({ length: 20_000 }, (_, i) => start + i * 61_001);
    const asked = [...instants, ...instants.slice(0, 100)];
    const expected = asked.map((ms) => new Date(ms).toISOString());
    for (let round = 0; round < 3; round++) {
      const result = await run(asked.map((ms) => new Date(ms)));
      expect(result.errors).toBeUndefined();
      // One comparison of the whole list (20,100 expect calls would take seconds on a busy machine).
      expect(result.data!.dates).toEqual(expected);
    }
  });

  it('leaves anything but a valid Date to the scalar: an invalid date is a field error, a date string passes through it', async () => {
    await run([new Date(0)]);
    const invalid = await run([new Date(Number.NaN)]);
    expect(invalid.errors?.[0].message).toMatch(/DateTime/);
    expect(invalid.data?.dates).toEqual([null]);
    const text = await run(['2026-02-03T04:05:06.007Z']);
    expect(text.errors).toBeUndefined();
    expect(text.data?.dates).toEqual([GraphQLDateTimeISO.serialize('2026-02-03T04:05:06.007Z')]);
  });
});
