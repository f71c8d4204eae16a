const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The locale's formatter for these options, made once: making one costs far more than formatting
 * (a burst of alert cards, each with its time, spent a twentieth of its render making them).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const twoDigits = (part: number) => String(part).padStart(2, '0');

/**
 * An ISO time as every screen writes it, in local time and in both languages: 2026-11-28 09:05:00
 * (as the exports write it; the locales' own forms differ in order and separators between them).
 * The locale is not needed for it; callers still pass it.
 */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const day = [date.getFullYear(), twoDigits(date.getMonth() + 1), twoDigits(date.getDate())].join('-');
  const time = [date.getHours(), date.getMinutes(), date.getSeconds()].map(twoDigits).join(':');
  return `${day} ${time}`;
}
