import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { createPubSub, type PubSub } from '@graphql-yoga/subscription';
import { RESOLVERS } from './resolvers.js';

/** Builds the executable schema from the type-graphql resolvers (no class-validator pass: services validate). */
export function buildAppSchema(pubSub?: PubSub<Record<string, [unknown]>>): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: RESOLVERS,
    validate: false,
    // type-graphql insists on a pubSub once a subscription exists (also when only printing the schema).
    pubSub: (pubSub ?? createPubSub()) as never,
  });
}

/** The SDL committed as schema/schema.graphql (sorted, so the file is stable). */
export function printAppSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
