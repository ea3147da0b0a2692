import { defineConfig } from 'vitest/config';

/**
 * unit: server and shared code against real SQLite and PostgreSQL.
 * web: React components in happy-dom.
 * e2e: the built platform driven through Chromium (run after `npm run build`).
 */
export default defineConfig({
  test: {
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
