/** npm run schema: writes schema/schema.graphql from the type-graphql resolvers. */
import { writeFileSync } from 'node:fs';
import { SERVER_MODULES } from '../modules/index.js';
import { buildAppSchema, printAppSchema } from './schema.js';

const schema = await buildAppSchema(SERVER_MODULES);
writeFileSync('schema/schema.graphql', printAppSchema(schema));
console.log('wrote schema/schema.graphql');
