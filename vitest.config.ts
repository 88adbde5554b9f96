import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/fixtures/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Worker processes and language servers are real child processes; keep suites from starving each other on 2 cores.
    maxWorkers: 2,
    // Fixture workspaces with their own package-lock.json (pinned SDK/zod versions) are installed once.
    globalSetup: ['test/globalSetup.ts'],
  },
});
