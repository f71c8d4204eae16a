import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Locale } from './locale-store';

// dayjs speaks English until told otherwise; its Chinese names and Monday week start come with
// 'dayjs/locale/zh-cn', registered by the import above.
const dayLocales: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/**
 * Makes dayjs follow the console's language: the date pickers' month and weekday names and where
 * a week starts (Monday in Chinese), for the pickers and the range presets computed from `dayjs()`.
 */
export function applyDayLocale(locale: Locale): void {
  dayjs.locale(dayLocales[locale]);
}
