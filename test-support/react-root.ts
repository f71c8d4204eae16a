import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';

/**
 * For a console test file (happy-dom): React's act() environment on, and one root at a time,
 * unmounted after each test.
 */
export function testRoot(): { render(host: Element, element: ReactNode): Promise<void> } {
  let root: Root | undefined;
  beforeAll(() => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = undefined;
  });
  return {
    /** Renders `element` into `host` on a new root, inside act(). */
    async render(host, element) {
      root = createRoot(host);
      await act(async () => root?.render(element));
    },
  };
}
