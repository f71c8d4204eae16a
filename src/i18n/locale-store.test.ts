// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appSettings } from '../generated/settings';

// The store reads localStorage once, so each test loads a fresh module.
async function freshStore() {
  vi.resetModules();
  return import('./locale-store');
}

beforeEach(() => {
  localStorage.clear();
});

describe('localeStore', () => {
  it('starts with the default locale when nothing is stored', async () => {
    const { localeStore } = await freshStore();
    expect(localeStore.get()).toBe(appSettings.defaultLocale);
  });

  it('starts with a stored locale and ignores an unknown one', async () => {
    localStorage.setItem('CFOP_LOCALE', 'en-US');
    expect((await freshStore()).localeStore.get()).toBe('en-US');
    localStorage.setItem('CFOP_LOCALE', 'fr-FR');
    expect((await freshStore()).localeStore.get()).toBe(appSettings.defaultLocale);
  });

  it('persists a change and tells subscribers until they leave', async () => {
    const { localeStore } = await freshStore();
    const listener = vi.fn();
    const leave = localeStore.subscribe(listener);
    localeStore.set('en-US');
    expect(localeStore.get()).toBe('en-US');
    expect(localStorage.getItem('CFOP_LOCALE')).toBe('en-US');
    expect(listener).toHaveBeenCalledOnce();
    leave();
    localeStore.set('zh-CN');
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe('translate', () => {
  it('picks Chinese for zh-CN and English for en-US', async () => {
    const { translate } = await freshStore();
    const text = { zh: '运营平台', en: 'Operations Platform' };
    expect(translate(text, 'zh-CN')).toBe('运营平台');
    expect(translate(text, 'en-US')).toBe('Operations Platform');
  });
});
