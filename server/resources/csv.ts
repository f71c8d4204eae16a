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

/** One record read from a CSV file: the line it starts on (the first line is 1) and its fields. */
export interface CsvRow {
  readonly line: number;
  readonly fields: readonly string[];
}

/**
 * The records of CSV text (RFC 4180, as csvRecord writes it and spreadsheets save it): a leading BOM
 * dropped; CRLF, LF or CR line ends; quoted fields holding commas, doubled quotes and line breaks.
 * Blank lines are skipped. Answers the line of an unclosed quote instead, the file's fault.
 */
export function parseCsv(text: string): { rows: CsvRow[] } | { unclosedQuoteAt: number } {
  const rows: CsvRow[] = [];
  const source = text.startsWith(utf8Bom) ? text.slice(1) : text;
  let line = 1;
  let start = 1;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let quoteLine = 0;
  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (fields.length > 1 || fields[0] !== '') rows.push({ line: start, fields });
    fields = [];
  };
  for (let at = 0; at < source.length; at += 1) {
    const char = source[at] as string;
    if (quoted) {
      if (char === '"' && source[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && source[at + 1] !== '\n')) line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[at + 1] === '\n') at += 1;
      endRow();
      line += 1;
      start = line;
    } else {
      field += char;
    }
  }
  if (quoted) return { unclosedQuoteAt: quoteLine };
  if (field !== '' || fields.length > 0) endRow();
  return { rows };
}
