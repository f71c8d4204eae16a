import { defineConfig } from 'vitest/config';
import { scaled } from './test-support/test-timeouts';

export default defineConfig({
  test: {
    environment: 'node',
    // Every time-out is stretched by CFOP_TEST_TIME_SCALE (test-support/test-timeouts.ts).
    testTimeout: scaled(20_000),
    // vitest's default on two CPUs is one worker; most files wait on SQLite, the disk and child
    // processes, so two finish the suite sooner.
    maxWorkers: 2,
    // Setting up a suite (an app on a fresh database) shares the CPUs with the other worker.
    hookTimeout: scaled(30_000),
    expect: { poll: { timeout: scaled(1000) } },
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'codegen/**/*.test.ts',
            'scripts/**/*.test.ts',
            'build/**/*.test.ts',
            'lint/**/*.test.ts',
            'demo/**/*.test.ts',
          ],
          globalSetup: ['server/test-support/global-setup.ts'],
          setupFiles: ['server/test-support/test-password-cost.ts'],
          // One module graph per worker instead of one per file: loading the server's modules took
          // ~1 s a file. These files keep no state in modules beyond caches of the contract; each
          // test has its own data folder and app, and the console's files (which stub globals)
          // stay isolated.
          isolate: false,
        },
      },
    ],
  },
});
