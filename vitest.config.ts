import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'codegen/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['server/test-support/test-password-cost.ts'],
    testTimeout: 20000,
    // vitest's default on two CPUs is one worker; most files wait on SQLite, the disk and child
    // processes, so two finish the suite in 348 s instead of 512 s.
    maxWorkers: 2,
    // Setting up a suite (an app on a fresh database, users with deliberately slow password hashes)
    // shares the CPUs with the other worker.
    hookTimeout: 30_000,
  },
});
