import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocale } from '../i18n';
import type { Locale } from '../i18n';
import { appTheme, themeClass } from './theme';
import { consoleAlgorithm } from './theme-algorithm';

// antd's own texts (pagination, pickers, empty tables): English is antd's built-in default
// (ConfigProvider bundles it anyway); Chinese, with its picker and pagination texts, is fetched
// after the first paint, as the sign-in page shows none of them. dayjs's locale (the pickers'
// month and weekday names, a week's first day) comes the same way, with dayjs itself.
const antdLocaleLoaders: Partial<Record<Locale, () => Promise<AntdLocale>>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN').then((module) => module.default),
};
const loadedAntdLocales = new Map<Locale, AntdLocale>([['en-US', enUS]]);

async function loadAntdTexts(locale: Locale): Promise<void> {
  const load = antdLocaleLoaders[locale];
  if (loadedAntdLocales.has(locale) || !load) return;
  loadedAntdLocales.set(locale, await load());
}

/**
 * Fetches antd's texts for `locale` once and switches dayjs to it. The layout waits for it too
 * (LazyLayout), so a signed-in screen never flashes antd's English texts before the Chinese ones
 * arrive, and its date pickers speak the language from their first opening.
 */
export async function loadLocaleTexts(locale: Locale): Promise<void> {
  await Promise.all([
    loadAntdTexts(locale),
    import('../i18n/day-locale').then((module) => module.applyDayLocale(locale)),
  ]);
}

// Always a locale object: antd's ConfigProvider wraps its children in a LocaleProvider only when
// given one, so going from none to Chinese would remount the whole app (and its session).
function useAntdLocale(locale: Locale): AntdLocale {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    // Run on every switch, as dayjs's language is switched here too; a render is due only when
    // antd's texts were not there yet.
    const known = loadedAntdLocales.has(locale);
    let current = true;
    loadLocaleTexts(locale).then(
      () => current && !known && setLoaded((count) => count + 1),
      // A failed fetch leaves antd's English texts; the next language switch retries.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return loadedAntdLocales.get(locale) ?? enUS;
}

// antd defines its CSS variables (--ant-color-primary, …) on the theme's class (appTheme); this
// wrapper carries it, with antd <App>'s base text styles (src/styles.css), without <App>'s
// message, modal and notification code.

const consoleTheme = { ...appTheme, algorithm: consoleAlgorithm };
// For a reader who asked the system for less motion: antd's transitions and animations take no time.
const stillTheme = { ...consoleTheme, token: { ...consoleTheme.token, motion: false } };
const reducedMotion = '(prefers-reduced-motion: reduce)';

// The sign-in page is also rendered at build time, where there is no window to ask.
const motionQuery = (): MediaQueryList | null =>
  typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? null
    : window.matchMedia(reducedMotion);

/** Whether the reader's system asks for reduced motion, followed as it changes. */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => motionQuery()?.matches ?? false);
  useEffect(() => {
    const query = motionQuery();
    if (query === null) return;
    const follow = () => setReduced(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return reduced;
}

/**
 * antd's theme and its own texts in the reader's language (toasts render inside, see
 * src/api/toast.tsx). The read cache is the signed-in layout's (src/session/ReadCacheProvider.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  const antdLocale = useAntdLocale(locale);
  const theme = usePrefersReducedMotion() ? stillTheme : consoleTheme;
  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      <div className={`${themeClass} cfop-app`}>{children}</div>
    </ConfigProvider>
  );
}
