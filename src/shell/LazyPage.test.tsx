// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../i18n';
import { localeStore } from '../i18n/locale-store';
import type { RouteDef } from '../generated/routes';
import { LazyPage, preloadPageAt } from './LazyPage';

// A page chunk that has not arrived after 120000 ms (the manifest's chunkTimeoutMs) is a chunk-load error.
const chunkTimeoutMs = 120_000;

let root: Root | undefined;
let host: HTMLElement;

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

beforeEach(() => {
  vi.useFakeTimers();
  localeStore.set('zh-CN');
  sessionStorage.clear();
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  host.remove();
  vi.useRealTimers();
  localStorage.clear();
});

async function render(load: () => Promise<{ default: () => ReactNode }>): Promise<void> {
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <LocaleProvider>
        <LazyPage name="test/SlowPage" load={load} />
      </LocaleProvider>,
    ),
  );
}

async function wait(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('LazyPage', () => {
  it('shows a page preloaded for its path in its first render, with no spinner first', async () => {
    const load = () => Promise.resolve({ default: () => <p>the page</p> });
    const route = { path: '/user/login', load, children: [] } as unknown as RouteDef;
    await preloadPageAt([route], '/user/login');
    root = createRoot(host);
    // Synchronous: no promise settles in between, so only what the first render shows is seen.
    act(() =>
      root?.render(
        <LocaleProvider>
          <LazyPage name="test/Preloaded" load={load} />
        </LocaleProvider>,
      ),
    );
    expect(host.textContent).toBe('the page');
  });

  it('shows the spinner while the chunk is on its way, then the page', async () => {
    let arrive: (page: { default: () => ReactNode }) => void = () => undefined;
    await render(() => new Promise((resolve) => (arrive = resolve)));
    expect(host.querySelector('[role="status"]')).not.toBeNull();
    await act(async () => arrive({ default: () => <p>the page</p> }));
    expect(host.textContent).toBe('the page');
  });

  it('gives a chunk 120000 ms, then shows the retry page', async () => {
    const load = vi.fn(() => new Promise<never>(() => undefined));
    await render(load);
    await wait(chunkTimeoutMs - 1);
    expect(host.querySelector('[role="status"]')).not.toBeNull();
    expect(host.textContent).not.toContain('页面加载失败');
    await wait(1);
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('页面加载失败');
    expect(load).toHaveBeenCalledOnce();
  });

  it('shows the retry page at once when the chunk fails to load', async () => {
    await render(() => Promise.reject(new Error('net::ERR_CONNECTION_RESET')));
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('页面加载失败');
  });
});
