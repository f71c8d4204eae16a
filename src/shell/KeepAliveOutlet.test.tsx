// @vitest-environment happy-dom
import { act, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type DataRouter } from 'react-router-dom';
import { useScreenLocation } from '../session/screen-location';
import { useScreenShown, useWhenScreenShownAgain } from '../session/screen-visibility';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepScreen, KeepAliveOutlet } from './KeepAliveOutlet';

let root: Root | undefined;
let host: HTMLElement;
const mounts: string[] = [];
const effects: string[] = [];
const renders: string[] = [];

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  host.remove();
  mounts.length = 0;
  effects.length = 0;
  renders.length = 0;
});

/** A screen with state of its own that shows the query it reads and logs its mounts and effects. */
function Screen({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const { search } = useScreenLocation();
  renders.push(name);
  useState(() => mounts.push(name));
  useEffect(() => {
    effects.push(`start ${name}`);
    return () => void effects.push(`stop ${name}`);
  }, [name]);
  useWhenScreenShownAgain(() => effects.push(`again ${name}`));
  return (
    <section data-screen={name}>
      <Shown />
      <button onClick={() => setCount((n) => n + 1)}>{`${name} ${count}`}</button>
      <output>{search}</output>
    </section>
  );
}

/** What a drawer reads: it renders again, alone, when its screen is hidden or shown. */
function Shown() {
  return <meter>{useScreenShown() ? 'shown' : 'hidden'}</meter>;
}

// Real manifest paths: the outlet tells screens apart by their generated route.
const paths = [
  '/equipment/aiserver',
  '/system/logs',
  '/system/role',
  '/system/user',
  '/door/staff',
  '/model',
];

async function renderAt(path: string): Promise<DataRouter> {
  const router = createMemoryRouter(
    [
      {
        element: <KeepAliveOutlet />,
        children: paths.map((p) => ({ path: p, element: <Screen name={p} /> })),
      },
    ],
    { initialEntries: [path] },
  );
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<RouterProvider router={router} />));
  return router;
}

async function go(router: DataRouter, to: string): Promise<void> {
  await act(async () => router.navigate(to));
}

const section = (name: string) => host.querySelector<HTMLElement>(`[data-screen="${name}"]`);
const hidden = (name: string) => section(name)?.parentElement?.classList.contains('cfop-kept-screen-hidden');
const shownText = (name: string) => section(name)?.querySelector('meter')?.textContent;
const button = (name: string) => section(name)?.querySelector('button');

describe('KeepAliveOutlet', () => {
  it('keeps a left screen mounted, hidden, with its state and its own location', async () => {
    const router = await renderAt('/equipment/aiserver?page=2');
    await act(async () => button('/equipment/aiserver')?.click());
    await go(router, '/system/logs?user=admin');

    expect(hidden('/equipment/aiserver')).toBe(true);
    expect(shownText('/equipment/aiserver')).toBe('hidden');
    expect(shownText('/system/logs')).toBe('shown');
    expect(section('/equipment/aiserver')?.querySelector('output')?.textContent).toBe('?page=2');
    expect(section('/system/logs')?.querySelector('output')?.textContent).toBe('?user=admin');

    await go(router, '/equipment/aiserver?page=2');
    expect(hidden('/equipment/aiserver')).toBe(false);
    expect(shownText('/equipment/aiserver')).toBe('shown');
    expect(hidden('/system/logs')).toBe(true);
    expect(button('/equipment/aiserver')?.textContent).toBe('/equipment/aiserver 1');
    expect(mounts).toEqual(['/equipment/aiserver', '/system/logs']);
  });

  it('does not render a screen again when it is shown at the URL it was left at', async () => {
    const router = await renderAt('/equipment/aiserver?page=2');
    await go(router, '/system/logs');
    renders.length = 0;
    await go(router, '/equipment/aiserver?page=2');
    expect(renders).toEqual([]);
    await go(router, '/equipment/aiserver?page=3');
    expect(renders).toEqual(['/equipment/aiserver']);
  });

  it('keeps a hidden screen’s effects and tells it each time it is shown again', async () => {
    const router = await renderAt('/equipment/aiserver');
    await go(router, '/system/logs');
    await go(router, '/equipment/aiserver');
    await go(router, '/system/logs');
    expect(effects).toEqual([
      'start /equipment/aiserver',
      'start /system/logs',
      'again /equipment/aiserver',
      'again /system/logs',
    ]);
  });

  it('updates the shown screen in place when only its query changes', async () => {
    const router = await renderAt('/equipment/aiserver?page=1');
    await act(async () => button('/equipment/aiserver')?.click());
    await go(router, '/equipment/aiserver?page=3');
    expect(section('/equipment/aiserver')?.querySelector('output')?.textContent).toBe('?page=3');
    expect(button('/equipment/aiserver')?.textContent).toBe('/equipment/aiserver 1');
    expect(host.querySelectorAll('[data-screen]')).toHaveLength(1);
  });

  it('drops the least recently shown screen beyond five', async () => {
    const router = await renderAt(paths[0] as string);
    for (const path of paths.slice(1)) await go(router, path);
    expect(host.querySelectorAll('[data-screen]')).toHaveLength(5);
    expect(section('/equipment/aiserver')).toBeNull();
    await go(router, '/equipment/aiserver');
    expect(mounts.filter((name) => name === '/equipment/aiserver')).toHaveLength(2);
    expect(section('/system/logs')).toBeNull();
  });
});

describe('keepScreen', () => {
  const screen = (key: string) => ({
    key,
    element: null,
    context: { location: { pathname: key } as never, navigationType: 'PUSH' as never },
  });

  it('updates a kept screen where it is, so its DOM never moves', () => {
    const kept = keepScreen(keepScreen(keepScreen([], screen('a'), 3), screen('b'), 3), screen('a'), 3);
    expect(kept.map((s) => [s.key, s.shown])).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });

  it('drops the least recently shown, not the first added', () => {
    let kept = ['a', 'b', 'c', 'a', 'd'].reduce(
      (list, key) => keepScreen(list, screen(key), 3),
      [] as ReturnType<typeof keepScreen>,
    );
    expect(kept.map((s) => s.key)).toEqual(['a', 'c', 'd']);
    kept = keepScreen(kept, screen('e'), 3);
    expect(kept.map((s) => s.key)).toEqual(['a', 'd', 'e']);
  });
});
