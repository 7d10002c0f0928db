import { defineConfig } from 'vitest/config';

// The API suite always runs on SQLite, and again on PostgreSQL when DATABASE_URL is set.
const databases = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

// One graphql module for everything: Vite would give our sources graphql's ESM build (index.mjs)
// while Node loads the CommonJS build for type-graphql, Apollo and graphql-ws, and a schema built by
// one cannot be validated by the other ("Cannot use GraphQLSchema from another module or realm").
const resolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
        },
      },
      ...databases.map((db) => ({
        resolve,
        test: {
          name: db,
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks' as const,
          // Files share the worker's modules (each starts its own server and database): the app is imported
          // once per worker, not once per file (docs/DECISIONS.md, "The test suites").
          isolate: false,
        },
      })),
    ],
  },
});
