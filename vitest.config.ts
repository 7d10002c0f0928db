import { defineConfig } from 'vitest/config';

// The API suite always runs on SQLite, and again on PostgreSQL when DATABASE_URL is set.
const databases = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
        },
      },
      ...databases.map((db) => ({
        test: {
          name: db,
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks' as const,
        },
      })),
    ],
  },
});
