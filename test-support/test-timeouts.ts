/**
 * Every time-out of the tests comes from here, multiplied by CFOP_TEST_TIME_SCALE (default 1): on a
 * busy machine (a shared CI runner, a build beside the tests) set it to 3 and every test, hook,
 * step and poll waits three times as long before it calls something lost. A time-out only bounds
 * how long a test waits for what must happen; no test waits a fixed time to prove that nothing did.
 */
export const testTimeScale = timeScaleOf(environment()?.CFOP_TEST_TIME_SCALE);

/** `ms` stretched by the machine's time scale. */
export function scaled(ms: number): number {
  return Math.round(ms * testTimeScale);
}

function timeScaleOf(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale < 1) {
    throw new Error(`CFOP_TEST_TIME_SCALE must be a number of at least 1 (got "${value}")`);
  }
  return scale;
}

/** The environment where there is one: the console's tests import this module too, typed for the browser. */
function environment(): Record<string, string | undefined> | undefined {
  return (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;
}
