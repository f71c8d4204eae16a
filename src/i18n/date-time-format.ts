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
