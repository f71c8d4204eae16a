// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createScreenVisibility,
  ScreenVisibilityContext,
  useScreenShown,
  useWhenScreenShownAgain,
} from './screen-visibility';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

describe('screen visibility', () => {
  it('tells subscribers of each change, once per change', () => {
    const visibility = createScreenVisibility(true);
    const seen: boolean[] = [];
    const stop = visibility.subscribe(() => seen.push(visibility.shown));
    visibility.set(false);
    visibility.set(false);
    visibility.set(true);
    stop();
    visibility.set(false);
    expect(seen).toEqual([false, true]);
  });

  it('renders readers on each change and calls back only when shown again', async () => {
    const visibility = createScreenVisibility(true);
    const rendered: boolean[] = [];
    let shownAgain = 0;
    function Reader() {
      rendered.push(useScreenShown());
      useWhenScreenShownAgain(() => (shownAgain += 1));
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <ScreenVisibilityContext value={visibility}>
          <Reader />
        </ScreenVisibilityContext>,
      ),
    );
    await act(async () => visibility.set(false));
    expect(shownAgain).toBe(0);
    await act(async () => visibility.set(true));
    expect(rendered).toEqual([true, false, true]);
    expect(shownAgain).toBe(1);
    await act(async () => root.unmount());
  });

  it('counts everything as shown outside a kept screen', async () => {
    let shown: boolean | undefined;
    function Reader() {
      shown = useScreenShown();
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Reader />));
    expect(shown).toBe(true);
    await act(async () => root.unmount());
  });
});
