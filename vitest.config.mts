import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/fixtures/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Worker processes and language servers are real child processes; keep suites from starving each other on 2 cores.
    maxWorkers: 2,
    // A test process runs file after file on one module graph instead of importing the sources again for each (0.6 s a
    // file, 20 s of 79 in test/pipeline/): so a test file leaves no global state behind, which the suite checks by
    // passing in any order (`npx vitest run --sequence.shuffle`). Three workers on two cores were measured slower.
    isolate: false,
    // Fixture workspaces with their own package-lock.json (pinned SDK/zod versions) are installed once.
    globalSetup: ['test/globalSetup.ts'],
    // vitest's report, then what was skipped and why (a missing nvim or pre-commit), so no skip passes unseen.
    reporters: ['default', './test/reporters/skipped.ts'],
  },
});
