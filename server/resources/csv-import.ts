import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../../contract/openapi-types';
import { ApiError, badInput, type FieldProblem } from '../kernel/api-error';
import type { Lang, LocalText } from '../kernel/locale';
import { describeAjvErrors } from '../kernel/validation-messages';
import { importItems, type ImportedRow, type Store } from './resource-service';
import type { BoundResource } from './bound-resource';
import { parseCsv, type CsvRow } from './csv';
import { fieldLabel, labelledFields, type LabelledField } from './field-labels';
import { idsByLabels } from './resource-store';

/** More rows than this is a 400: one transaction holds them all, and one answer lists their problems. */
export const importMaxRows = 5_000;

/** One refused cell of an import: the line its row starts on, its column as headed, the message. */
export interface ImportProblem {
  readonly line: number;
  readonly column: string;
  readonly field: string;
  readonly message: string;
}

export interface ImportReport {
  readonly dryRun: boolean;
  readonly rows: number;
  readonly imported: number;
  readonly problems: ImportProblem[];
}

/** The create operation's body as the import checks each row by it. */
export interface ImportWrite {
  /** The body's object schema, `$ref` resolved: its `required` fields must have a column. */
  readonly schema: JsonSchema;
  /** Its integer and number fields, whose cells are read as numbers. */
  readonly numericFields: ReadonlySet<string>;
  /** The compiled body schema createItem's request is validated with, so messages match the form's. */
  readonly validate: ValidateFunction;
  /** What the create handler does to a valid body before it is stored (a camera's stream check). */
  readonly toStore: (body: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

export interface ImportRequest {
  readonly bytes: Buffer;
  readonly lang: Lang;
  readonly dryRun: boolean;
  readonly actorId: number | null;
}

const fileProblem = (message: LocalText) => badInput([{ field: 'file', message }]);

/**
 * Imports a CSV file of the resource's items as its export writes them: headers in Chinese or
 * English, each row read back into a create body (option labels, references by name, switches,
 * numbers), checked by the create body's schema, the create handler's own preparation, its
 * uniqueness within the file, then inserted with the checks createItem runs, all in one
 * transaction or none. A file that cannot be read as such (not UTF-8 text, an unclosed quote, no
 * rows, too many, unknown or missing columns) is one 400 naming `file`.
 */
export async function importCsv(
  ctx: Store,
  resource: BoundResource,
  write: ImportWrite,
  request: ImportRequest,
): Promise<ImportReport> {
  const { lang } = request;
  const [header, ...data] = csvRows(request.bytes);
  if (!header || data.length === 0)
    throw fileProblem({ zh: '文件没有数据行', en: 'holds no rows under its header' });
  if (data.length > importMaxRows)
    throw fileProblem({
      zh: `不能超过 ${importMaxRows} 行（共 ${data.length} 行）`,
      en: `must hold at most ${importMaxRows} rows (it holds ${data.length})`,
    });
  const columns = matchColumns(resource, write.schema, header.fields);
  const readCell = await cellReaders(ctx, resource, write, columns, data);

  const refused = new Map<number, readonly FieldProblem[]>();
  const ready: ImportedRow[] = [];
  const firstLines = new Map<string, number>();
  for (const row of data) {
    const read = readRow(row, columns, readCell);
    let problems = read.problems;
    let input = read.input;
    if (!write.validate(input)) {
      // A cell already refused (an unknown name) is left out of the body: the schema's word on it adds nothing.
      const named = new Set(problems.map((problem) => problem.field));
      const checked = describeAjvErrors(write.validate.errors ?? [], { prefix: '', rootName: '' });
      problems = [...problems, ...checked.filter((problem) => !named.has(problem.field))];
    }
    if (problems.length === 0) {
      try {
        input = await write.toStore(input);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        problems = [...error.fieldProblems];
      }
    }
    if (problems.length === 0) problems = repeats(resource, input, row.line, firstLines);
    if (problems.length > 0) refused.set(row.line, problems);
    else ready.push({ line: row.line, input });
  }

  const outcome = await importItems(ctx, resource, ready, {
    commit: !request.dryRun && refused.size === 0,
    actorId: request.actorId,
  });
  for (const [line, problems] of outcome.refused) refused.set(line, problems);
  const headerOf = (field: string) =>
    columns.find((column) => column.field === field)?.header ??
    fieldLabel(resource.definition.schema, field)[lang];
  const problems = [...refused]
    .sort(([a], [b]) => a - b)
    .flatMap(([line, found]) =>
      found.map((problem) => ({
        line,
        column: problem.field === '' ? '' : headerOf(problem.field),
        field: problem.field,
        message: problem.message[lang],
      })),
    );
  return { dryRun: request.dryRun, rows: data.length, imported: outcome.imported, problems };
}

/** The header row an import reads: the input fields' labels in the reader's language, in manifest order. */
export function importTemplateHeaders(resource: BoundResource, lang: Lang): string[] {
  const labelled = labelledFields(resource.definition.schema).map((field) => field.name);
  const inputs = [...resource.inputFields].sort((a, b) => orderIn(labelled, a) - orderIn(labelled, b));
  return inputs.map((field) => fieldLabel(resource.definition.schema, field)[lang]);
}

const orderIn = (fields: readonly string[], field: string) => {
  const at = fields.indexOf(field);
  return at === -1 ? fields.length : at;
};

const notText = () => fileProblem({ zh: '不是 UTF-8 文本', en: 'is not UTF-8 text' });

function csvRows(bytes: Buffer): CsvRow[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notText();
  }
  if (text.includes('\0')) throw notText();
  const parsed = parseCsv(text);
  if ('unclosedQuoteAt' in parsed)
    throw fileProblem({
      zh: `第 ${parsed.unclosedQuoteAt} 行的引号没有闭合`,
      en: `has a quote opened on line ${parsed.unclosedQuoteAt} and never closed`,
    });
  return parsed.rows;
}

/** A column of the file: its header as written, and the input field it fills (null: read-only, skipped). */
interface Column {
  readonly header: string;
  readonly field: string | null;
}

/**
 * Each header's field, known by its label in either language or its API name; a time's header
 * carries the zone the export wrote it in (`创建时间 (Asia/Shanghai)`). Read-only fields (an id, a
 * status) are skipped, so an exported file imports unchanged. Unknown headers, a column named twice
 * and missing required fields are one 400.
 */
function matchColumns(resource: BoundResource, schema: JsonSchema, headers: readonly string[]): Column[] {
  const labelled = labelledFields(resource.definition.schema);
  const names = new Set([...resource.itemFields, ...resource.inputFields]);
  const fieldOf = (header: string): string | undefined => {
    const text = header.trim();
    const byLabel = labelled.find(
      (field) =>
        field.label.zh === text ||
        field.label.en === text ||
        (field.widget === 'datetime' && zonedHeader(field, text)),
    );
    return byLabel?.name ?? (names.has(text) ? text : undefined);
  };
  const unknown: string[] = [];
  const twice: string[] = [];
  const columns = headers.map((header): Column => {
    // A spreadsheet may save empty columns after the last: no header, nothing to read.
    if (header.trim() === '') return { header: '', field: null };
    const field = fieldOf(header);
    if (field === undefined) unknown.push(header);
    else if (headers.filter((other) => fieldOf(other) === field).length > 1) twice.push(header);
    const input = field !== undefined && resource.inputFields.includes(field) ? field : null;
    return { header: header.trim(), field: input };
  });
  const missing = requiredFields(schema)
    .filter((field) => !columns.some((column) => column.field === field))
    .map((field) => fieldLabel(resource.definition.schema, field));
  const parts: LocalText[] = [];
  if (unknown.length > 0) {
    parts.push({ zh: `未知的列：${unknown.join('、')}`, en: `unknown columns: ${unknown.join(', ')}` });
  }
  if (twice.length > 0) {
    parts.push({ zh: `重复的列：${twice.join('、')}`, en: `columns named twice: ${twice.join(', ')}` });
  }
  if (missing.length > 0) {
    parts.push({
      zh: `缺少必填列：${missing.map((label) => label.zh).join('、')}`,
      en: `missing required columns: ${missing.map((label) => label.en).join(', ')}`,
    });
  }
  if (parts.length > 0)
    throw fileProblem({
      zh: parts.map((part) => part.zh).join('；'),
      en: parts.map((part) => part.en).join('; '),
    });
  return columns;
}

const zonedHeader = (field: LabelledField, header: string) =>
  [field.label.zh, field.label.en].some((label) => header.startsWith(`${label} (`) && header.endsWith(')'));

function requiredFields(schema: JsonSchema): string[] {
  const required = (schema as { required?: unknown }).required;
  return Array.isArray(required)
    ? required.filter((field): field is string => typeof field === 'string')
    : [];
}

type CellRead = { readonly value: unknown } | { readonly problem: LocalText };
type CellReader = (field: string, text: string) => CellRead;

/** Text the export wrote with an apostrophe so a spreadsheet would not run it (see csvRecord). */
const escapedFormula = /^'[=+\-@\t\r]/;

const switchValues: Readonly<Record<string, boolean>> = {
  是: true,
  否: false,
  yes: true,
  no: false,
  true: true,
  false: false,
};

/**
 * Reads a cell as the create body holds it, undoing what the export wrote: an option's label, a
 * switch's 是/否, a referenced row's name (looked up once for the whole file), a number. Anything
 * else stays text, for the schema to judge; a formula stays the text it is.
 */
async function cellReaders(
  ctx: Store,
  resource: BoundResource,
  write: ImportWrite,
  columns: readonly Column[],
  data: readonly CsvRow[],
): Promise<CellReader> {
  const labelled = new Map(labelledFields(resource.definition.schema).map((field) => [field.name, field]));
  const references = resource.definition.references ?? {};
  const idsByName = new Map<string, Map<string, number[]>>();
  for (const [field, rule] of Object.entries(references)) {
    const at = columns.findIndex((column) => column.field === field);
    if (at === -1) continue;
    const names = new Set(data.map((row) => unescaped(row.fields[at] ?? '')).filter((name) => name !== ''));
    idsByName.set(field, await idsByLabels(ctx.db, rule, [...names]));
  }
  return (field, cell) => {
    const text = unescaped(cell);
    const rule = references[field];
    if (rule) {
      const ids = idsByName.get(field)?.get(text) ?? [];
      if (ids.length === 1) return { value: ids[0] };
      return {
        problem:
          ids.length === 0
            ? { zh: `${rule.what.zh}不存在（${text}）`, en: `no such ${rule.what.en} (${text})` }
            : { zh: `有多个${rule.what.zh}名为 ${text}`, en: `several ${rule.what.en}s are named ${text}` },
      };
    }
    const shown = labelled.get(field);
    if (shown?.widget === 'switch') {
      const on = switchValues[text.toLowerCase()];
      return { value: on ?? text };
    }
    const option = Object.entries(shown?.options ?? {}).find(
      ([key, label]) => key === text || label.zh === text || label.en === text,
    );
    if (option) return { value: option[0] };
    if (write.numericFields.has(field) && /^-?\d+(\.\d+)?$/.test(text)) return { value: Number(text) };
    return { value: text };
  };
}

const unescaped = (text: string) => (escapedFormula.test(text) ? text.slice(1) : text);

/** A row as a create body: an empty cell leaves its field out, as an empty form field does. */
function readRow(
  row: CsvRow,
  columns: readonly Column[],
  readCell: CellReader,
): { input: Record<string, unknown>; problems: FieldProblem[] } {
  const input: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  columns.forEach((column, at) => {
    const text = row.fields[at] ?? '';
    if (column.field === null || text === '') return;
    const read = readCell(column.field, text);
    if ('problem' in read) problems.push({ field: column.field, message: read.problem });
    else input[column.field] = read.value;
  });
  const extra = row.fields.slice(columns.length).filter((text) => text !== '').length;
  if (extra > 0) {
    problems.push({
      field: '',
      message: { zh: `比表头多 ${extra} 个单元格`, en: `has ${extra} more cells than the header` },
    });
  }
  return { input, problems };
}

/** A unique value (or group) an earlier row of the file holds already: refused as a repeat of that line. */
function repeats(
  resource: BoundResource,
  input: Record<string, unknown>,
  line: number,
  firstLines: Map<string, number>,
): FieldProblem[] {
  return resource.unique.flatMap((group) => {
    const values = group.map((column) => input[column.field]);
    if (values.some((value) => value === undefined || value === null)) return [];
    const key = JSON.stringify([group.map((column) => column.field), values]);
    const first = firstLines.get(key);
    if (first === undefined) {
      firstLines.set(key, line);
      return [];
    }
    return group.map(({ field }) => ({
      field,
      message: { zh: `与第 ${first} 行重复`, en: `repeats line ${first}` },
    }));
  });
}
