/** Lets Excel recognise the file as UTF-8, so Chinese text opens correctly. */
export const utf8Bom = '\uFEFF';

/** A spreadsheet would run text starting with these as a formula (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV record (RFC 4180: CRLF line ends, fields with a comma, quote or line break quoted, quotes
 * doubled). Text that would start a formula gets a leading apostrophe; numbers are written as is.
 */
export function csvRecord(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // A list (a role's access keys, a user's roles) reads as one cell of comma-separated values.
  if (Array.isArray(value)) return csvField(value.map((one) => (one === null ? '' : String(one))).join(', '));
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  const text = formulaStart.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
