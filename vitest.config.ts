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
    testTimeout: 20000,
    // vitest's default on two CPUs is one worker; most files wait on SQLite, the disk and child
    // processes, so two finish the suite in 348 s instead of 512 s.
    maxWorkers: 2,
  },
});
