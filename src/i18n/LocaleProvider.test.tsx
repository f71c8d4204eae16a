// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { LocaleProvider, useLocale } from './LocaleProvider';
import type { LocaleContextValue } from './LocaleProvider';
import { localeStore } from './locale-store';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterEach(() => {
  localStorage.clear();
});

it('gives t(), follows setLocale and mirrors the locale into <html lang>', async () => {
  localeStore.set('zh-CN');
  let seen: LocaleContextValue | undefined;
  function Probe() {
    seen = useLocale();
    return <span>{seen.t({ zh: '退出登录', en: 'Log out' })}</span>;
  }
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <LocaleProvider>
        <Probe />
      </LocaleProvider>,
    ),
  );
  expect(host.textContent).toBe('退出登录');
  expect(document.documentElement.lang).toBe('zh-CN');

  await act(async () => seen?.setLocale('en-US'));
  expect(host.textContent).toBe('Log out');
  expect(document.documentElement.lang).toBe('en-US');
  expect(localStorage.getItem('CFOP_LOCALE')).toBe('en-US');
  await act(async () => root.unmount());
});

it('refuses to work outside the provider', () => {
  function Orphan() {
    useLocale();
    return null;
  }
  const root = createRoot(document.createElement('div'));
  expect(() => act(() => root.render(<Orphan />))).toThrow(/LocaleProvider/);
});
