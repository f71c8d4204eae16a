import { isObject, schemaAt, type JsonObject } from '../../contract/document';
import type { CatalogColumn } from '../db/column-catalog';
import type { DialectName } from '../db/dialect';
import type { LocalText } from '../kernel/locale';

/** What a field's value is, as far as the column keeping it is concerned. */
export type ValueKind = 'integer' | 'number' | 'string' | 'date-time' | 'date' | 'boolean' | 'json';

/** The column a field of the contract needs. */
export interface WantedColumn {
  /** null where the contract allows values of several kinds, or says nothing: any type holds them. */
  readonly kind: ValueKind | null;
  /** Whether the contract allows null. */
  readonly nullable: boolean;
}

type Kind = ValueKind | 'null' | 'any';

/**
 * The column a field's schema needs: its type (or its `oneOf`/`anyOf` members' types, or its enum
 * values') and format. Only `null` among the types makes the column nullable: an item's answer
 * carries every stored field, so a field the item need not carry still may not be null.
 */
export function wantedColumn(document: unknown, schema: JsonObject): WantedColumn {
  const kinds = kindsOf(document, schema);
  const values = [...kinds].filter((kind): kind is Exclude<Kind, 'null'> => kind !== 'null');
  const nullable = kinds.has('null');
  const [only] = values;
  if (values.length === 1 && only !== undefined && only !== 'any') return { kind: only, nullable };
  const numeric = values.length === 2 && values.includes('integer') && values.includes('number');
  return { kind: numeric ? 'number' : null, nullable };
}

function kindsOf(document: unknown, schema: JsonObject, depth = 0): Set<Kind> {
  const resolved = schemaAt(document, schema);
  const members = [resolved.oneOf, resolved.anyOf].flatMap((list) =>
    Array.isArray(list) ? list.filter(isObject) : [],
  );
  if (members.length > 0 && depth < 8) {
    return new Set(members.flatMap((member) => [...kindsOf(document, member, depth + 1)]));
  }
  const types: readonly unknown[] = Array.isArray(resolved.type)
    ? resolved.type
    : resolved.type !== undefined
      ? [resolved.type]
      : Array.isArray(resolved.enum)
        ? resolved.enum.map(jsonTypeOf)
        : [];
  if (types.length === 0) return new Set(['any']);
  return new Set(types.map((type) => kindOfType(type, resolved.format)));
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
}

function kindOfType(type: unknown, format: unknown): Kind {
  switch (type) {
    case 'null':
    case 'integer':
    case 'number':
    case 'boolean':
      return type;
    case 'string':
      return format === 'date-time' || format === 'date' ? format : 'string';
    case 'array':
    case 'object':
      return 'json';
    default:
      return 'any';
  }
}

/**
 * The column types that hold each kind as the contract answers it, by database. On SQLite by the
 * declared type's affinity (its rules in SQLite's "Datatypes" page): a text affinity keeps '0012'
 * as written where a numeric one makes it 12, and an integer affinity keeps 100 where a text one
 * answers "100". A number wants a real: an integer column rounds 0.87 to 1 on PostgreSQL, and the
 * one migration declares both databases' columns. On PostgreSQL by `data_type`: a date-time wants
 * `timestamptz` (read back as ISO text), a date text (the driver reads `date` as a local midnight),
 * JSON `jsonb` or `json` (read back as its text), a flag `boolean`; numeric reads back as a number.
 */
const holding: Readonly<Record<ValueKind, { sqlite: readonly Affinity[]; postgres: readonly string[] }>> = {
  integer: { sqlite: ['integer'], postgres: ['smallint', 'integer', 'bigint'] },
  number: { sqlite: ['real'], postgres: ['double precision', 'real', 'numeric'] },
  string: { sqlite: ['text'], postgres: ['text', 'character varying'] },
  'date-time': { sqlite: ['text'], postgres: ['timestamp with time zone'] },
  date: { sqlite: ['text'], postgres: ['text', 'character varying'] },
  boolean: { sqlite: ['integer'], postgres: ['boolean'] },
  json: { sqlite: ['text'], postgres: ['jsonb', 'json'] },
};

const kindNames: Readonly<Record<ValueKind, LocalText>> = {
  integer: { zh: '整数', en: 'an integer' },
  number: { zh: '数值', en: 'a number' },
  string: { zh: '文本', en: 'text' },
  'date-time': { zh: '日期时间', en: 'a date-time' },
  date: { zh: '日期', en: 'a date' },
  boolean: { zh: '布尔值', en: 'a boolean' },
  json: { zh: 'JSON 数组或对象', en: 'a JSON array or object' },
};

type Affinity = 'integer' | 'text' | 'blob' | 'real' | 'numeric';

/** SQLite's affinity of a declared type, by its rules in order. */
export function sqliteAffinity(declared: string): Affinity {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (['CHAR', 'CLOB', 'TEXT'].some((part) => type.includes(part))) return 'text';
  if (type.includes('BLOB') || type === '') return 'blob';
  if (['REAL', 'FLOA', 'DOUB'].some((part) => type.includes(part))) return 'real';
  return 'numeric';
}

/**
 * What is wrong with `actual` for a field that needs `wanted`, or null: a type that does not hold
 * its kind; a nullable column for a field the contract never answers null (the server would answer
 * what it finds), or a NOT NULL one for a field it may (the server writes null there).
 */
export function columnMismatch(
  dialect: DialectName,
  wanted: WantedColumn,
  actual: CatalogColumn,
): LocalText | null {
  const problems: LocalText[] = [];
  if (wanted.kind !== null && !holds(dialect, wanted.kind, actual.type)) {
    const type = actual.type === '' ? { zh: '无类型', en: 'untyped' } : { zh: actual.type, en: actual.type };
    const kind = kindNames[wanted.kind];
    problems.push({
      zh: `是 ${type.zh}，契约要求${kind.zh}`,
      en: `is ${type.en} where the contract wants ${kind.en}`,
    });
  }
  if (actual.nullable && !wanted.nullable) {
    problems.push({ zh: '可为空，契约不允许 null', en: 'may hold null where the contract allows none' });
  }
  if (!actual.nullable && wanted.nullable) {
    problems.push({
      zh: '不可为空（NOT NULL），契约允许 null',
      en: 'is NOT NULL where the contract allows null',
    });
  }
  if (problems.length === 0) return null;
  return {
    zh: problems.map((problem) => problem.zh).join('；'),
    en: problems.map((problem) => problem.en).join('; '),
  };
}

function holds(dialect: DialectName, kind: ValueKind, type: string): boolean {
  return dialect === 'sqlite'
    ? holding[kind].sqlite.includes(sqliteAffinity(type))
    : holding[kind].postgres.includes(type);
}
