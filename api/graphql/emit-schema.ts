/** npm run schema: writes schema/schema.graphql from the type-graphql resolvers. */
import { writeFileSync } from 'node:fs';
import { buildAppSchema, printAppSchema } from './schema.js';

const schema = await buildAppSchema();
writeFileSync('schema/schema.graphql', printAppSchema(schema));
console.log('wrote schema/schema.graphql');
