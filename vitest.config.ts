import { defineConfig } from 'vitest/config';

/**
 * unit: server and shared code against real SQLite and PostgreSQL.
 * web: React components in happy-dom.
 * e2e: the built platform driven through Chromium (run after `npm run build`).
 */
export default defineConfig({
  test: {
    // A worker per core, not Vitest's default of one fewer: on this project's 2-core machines
    // that left one worker, and the suite (much of it waiting on PostgreSQL, disk and Chromium)
    // ran one file at a time. The e2e project still runs its files one after another.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'web',
          include: ['packages/*/src/**/*.test.tsx', 'apps/*/src/**/*.test.tsx', 'apps/*/web/**/*.test.tsx'],
          environment: 'happy-dom',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
