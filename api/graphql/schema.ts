import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { createPubSub, type PubSub } from '@graphql-yoga/subscription';
import { resolversOf, type ModuleClass, type ServerModule } from '../common/module.js';
import { leanFieldResolvers, plainFieldReads } from './lean-resolvers.js';
import { enforceListBounds } from './list-bounds.js';

/** Builds the executable schema from the modules' type-graphql resolvers (no class-validator pass: services validate). */
export async function buildAppSchema(modules: readonly ServerModule[], pubSub?: PubSub<Record<string, [unknown]>>): Promise<GraphQLSchema> {
  const [first, ...rest] = resolversOf(modules);
  if (!first) throw new Error('No module offers a resolver');
  const resolvers: [ModuleClass, ...ModuleClass[]] = [first, ...rest];
  const schema = await buildSchema({
    resolvers,
    validate: false,
    // type-graphql insists on a pubSub once a subscription exists (also when only printing the schema).
    pubSub: (pubSub ?? createPubSub()) as never,
  });
  // Plain fields read by the executor itself, and field resolvers called per item of a page, without type-graphql's per-call wrapper (lean-resolvers.ts).
  plainFieldReads(schema);
  leanFieldResolvers(schema);
  // Lists that nothing upstream bounds are cut to their bound at read (list-bounds.ts).
  enforceListBounds(schema);
  return schema;
}

/** The SDL committed as schema/schema.graphql (sorted, so the file is stable). */
export function printAppSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
