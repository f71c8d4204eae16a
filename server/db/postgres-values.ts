import pg from 'pg';

const { builtins } = pg.types;

/** pg's own reading of a type, as text in. */
const standard = (oid: number) => pg.types.getTypeParser(oid, 'text') as (text: string) => unknown;
const toDate = standard(builtins.TIMESTAMPTZ) as (text: string) => Date;

/**
 * How the console reads PostgreSQL's values: as the SQLite file gives them, so the query code is
 * one. Timestamps are ISO 8601 UTC strings (`Date#toISOString`), flags 0/1, JSON its text (the code
 * parses it where it reads it), counts, sums and 64-bit integers numbers (none nears 2^53).
 */
const readers: Partial<Record<number, (text: string) => unknown>> = {
  [builtins.TIMESTAMPTZ]: (text) => toDate(text).toISOString(),
  [builtins.BOOL]: (text) => (text === 't' ? 1 : 0),
  [builtins.JSONB]: (text) => text,
  [builtins.JSON]: (text) => text,
  [builtins.INT8]: Number,
  [builtins.NUMERIC]: Number,
};

export const consoleTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text'
      ? (readers[oid] ?? standard(oid))
      : pg.types.getTypeParser(oid, 'binary')) as pg.CustomTypesConfig['getTypeParser'],
};
