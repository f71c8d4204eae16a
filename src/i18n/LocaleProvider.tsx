import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { LocalText } from '../generated/settings';
import { localeStore, translate } from './locale-store';
import type { Locale } from './locale-store';

export interface LocaleContextValue {
  readonly locale: Locale;
  setLocale(locale: Locale): void;
  t(text: LocalText): string;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

const setLocale = (locale: Locale) => localeStore.set(locale);

/** Holds the UI language (persisted in localStorage) and mirrors it into `<html lang>`. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(localeStore.subscribe, localeStore.get, localeStore.get);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const t = useCallback((text: LocalText) => translate(text, locale), [locale]);
  const value = useMemo(() => ({ locale, setLocale, t }), [locale, t]);
  return <LocaleContext value={value}>{children}</LocaleContext>;
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale() needs a <LocaleProvider> above it');
  return value;
}
