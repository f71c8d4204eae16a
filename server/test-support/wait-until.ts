import { scaled } from '../../test-support/test-timeouts';

/**
 * Waits until `check` holds, asking every 100 ms; fails naming `what` after `timeoutMs`. For what a
 * test cannot await directly: a process starting or ending, a file appearing, a count reached.
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = scaled(30_000),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
