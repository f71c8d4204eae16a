import { appSettings } from '../generated/settings';
import type { LocalText } from '../generated/settings';

export const locales = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof locales)[number];

export const localeStorageKey = 'CFOP_LOCALE';

function isLocale(value: unknown): value is Locale {
  return locales.some((locale) => locale === value);
}

/** The text of `text` in `locale`: Chinese for zh-CN, English otherwise. */
export function translate(text: LocalText, locale: Locale): string {
  return locale === 'zh-CN' ? text.zh : text.en;
}

function readStoredLocale(): Locale {
  const stored = globalThis.localStorage?.getItem(localeStorageKey);
  return isLocale(stored) ? stored : appSettings.defaultLocale;
}

type Listener = () => void;

/**
 * The UI language outside React, so the api layer can send Accept-Language and word its
 * toasts without a hook; React subscribes through LocaleProvider.
 */
function createLocaleStore() {
  let current: Locale | undefined;
  const listeners = new Set<Listener>();
  return {
    get(): Locale {
      current ??= readStoredLocale();
      return current;
    },
    set(locale: Locale): void {
      current = locale;
      globalThis.localStorage?.setItem(localeStorageKey, locale);
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const localeStore = createLocaleStore();
