import { defineConfig } from 'vitest/config';
import { RetriedTestsReporter } from '../test-support/retried-tests-reporter';
import { scaled } from '../test-support/test-timeouts';

// Browser tests: real Chromium against the real server and the built console (dist/).
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    // The walkthroughs build and test a copy of the repository; npm run test:walkthrough runs them.
    exclude: ['e2e/walkthrough/**'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    // A whole journey (a dozen screens' steps) on a loaded two-CPU machine took over 30 s; a stuck
    // step still fails on its own 10 s time-out. Both stretch with CFOP_TEST_TIME_SCALE.
    testTimeout: scaled(60_000),
    hookTimeout: scaled(60_000),
    expect: { poll: { timeout: scaled(1000) } },
    // Two CPUs on CI: more parallel browsers only slow each other down.
    maxWorkers: 2,
    // A journey of many steps run beside another browser on two CPUs now and then misses a 10 s
    // step time-out (seen: a reference select's answer, a menu opening); a real fault fails twice.
    retry: 1,
    reporters: ['default', new RetriedTestsReporter()],
  },
});
