import { defineConfig } from 'vitest/config';
import { scaled } from '../../test-support/test-timeouts';

// The walkthroughs of docs/extending.md, each on a copy of the repository with its own server and
// browser: run on their own after the browser tests, since they build and test a whole copy (minutes
// of CPU that would only slow the journeys beside them).
export default defineConfig({
  test: {
    include: ['e2e/walkthrough/**/*.test.ts'],
    environment: 'node',
    testTimeout: scaled(120_000),
    hookTimeout: scaled(300_000),
  },
});
