export { LocaleProvider, useLocale } from './LocaleProvider';
export type { LocaleContextValue } from './LocaleProvider';
export { localeStore, locales, translate } from './locale-store';
export type { Locale } from './locale-store';
export { messages } from './messages';
export { dateTimeFormat, formatDateTime } from './date-time-format';
export { englishCount, formatCount, formatPercent } from './number-format';
