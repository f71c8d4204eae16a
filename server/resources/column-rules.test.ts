import { describe, expect, it } from 'vitest';
import { columnMismatch, sqliteAffinity, wantedColumn } from './column-rules';

const document = {
  components: {
    schemas: {
      Level: { type: 'string', enum: ['low', 'high'] },
      Weekday: { enum: [1, 2, 3] },
    },
  },
};

const want = (schema: Record<string, unknown>) => wantedColumn(document, schema);

describe('wantedColumn', () => {
  it('reads the kind from the type and format, and null from the types', () => {
    expect(want({ type: 'integer' })).toEqual({ kind: 'integer', nullable: false });
    expect(want({ type: ['number', 'null'] })).toEqual({ kind: 'number', nullable: true });
    expect(want({ type: 'string', maxLength: 64 })).toEqual({ kind: 'string', nullable: false });
    expect(want({ type: 'string', format: 'date-time' })).toEqual({ kind: 'date-time', nullable: false });
    expect(want({ type: ['string', 'null'], format: 'date' })).toEqual({ kind: 'date', nullable: true });
    expect(want({ type: 'boolean' })).toEqual({ kind: 'boolean', nullable: false });
    expect(want({ type: 'array', items: { type: 'string' } })).toEqual({ kind: 'json', nullable: false });
    expect(want({ type: 'object' })).toEqual({ kind: 'json', nullable: false });
  });

  it('follows $ref, oneOf and anyOf members, and enums without a type', () => {
    expect(want({ $ref: '#/components/schemas/Level' })).toEqual({ kind: 'string', nullable: false });
    expect(want({ oneOf: [{ $ref: '#/components/schemas/Level' }, { type: 'null' }] })).toEqual({
      kind: 'string',
      nullable: true,
    });
    expect(want({ anyOf: [{ $ref: '#/components/schemas/Weekday' }] })).toEqual({
      kind: 'integer',
      nullable: false,
    });
  });

  it('takes integers or numbers as a number, and leaves other mixtures or no type to any column', () => {
    expect(want({ type: ['integer', 'number'] })).toEqual({ kind: 'number', nullable: false });
    expect(want({ type: ['string', 'integer'] })).toEqual({ kind: null, nullable: false });
    expect(want({ description: 'anything' })).toEqual({ kind: null, nullable: false });
  });
});

describe('sqliteAffinity', () => {
  it("follows SQLite's rules in order", () => {
    expect(['integer', 'BIGINT', 'point int'].map(sqliteAffinity)).toEqual(['integer', 'integer', 'integer']);
    expect(['text', 'varchar(64)', 'clob'].map(sqliteAffinity)).toEqual(['text', 'text', 'text']);
    expect(['blob', ''].map(sqliteAffinity)).toEqual(['blob', 'blob']);
    expect(['real', 'double precision', 'float'].map(sqliteAffinity)).toEqual(['real', 'real', 'real']);
    expect(['numeric', 'boolean', 'datetime'].map(sqliteAffinity)).toEqual(['numeric', 'numeric', 'numeric']);
  });
});

describe('columnMismatch', () => {
  const column = (type: string, nullable = false) => ({ type, nullable });
  const integer = { kind: 'integer', nullable: false } as const;

  it('passes the columns the migrations write for each kind, on each database', () => {
    const written = [
      ['integer', 'integer', 'integer'],
      ['integer', 'integer', 'bigint'],
      ['number', 'real', 'double precision'],
      ['string', 'text', 'text'],
      ['date-time', 'text', 'timestamp with time zone'],
      ['date', 'text', 'text'],
      ['boolean', 'integer', 'boolean'],
      ['json', 'text', 'jsonb'],
    ] as const;
    for (const [kind, sqlite, postgres] of written) {
      expect(columnMismatch('sqlite', { kind, nullable: false }, column(sqlite))).toBeNull();
      expect(columnMismatch('postgres', { kind, nullable: false }, column(postgres))).toBeNull();
    }
  });

  it('names the type a column has and the kind the contract wants', () => {
    expect(columnMismatch('sqlite', integer, column('text'))).toEqual({
      zh: '是 text，契约要求整数',
      en: 'is text where the contract wants an integer',
    });
    expect(columnMismatch('sqlite', integer, column(''))?.en).toBe(
      'is untyped where the contract wants an integer',
    );
  });

  it('refuses a number in an integer column, a date-time in text on PostgreSQL and a date as a date', () => {
    expect(columnMismatch('sqlite', { kind: 'number', nullable: false }, column('integer'))).not.toBeNull();
    expect(columnMismatch('postgres', { kind: 'number', nullable: false }, column('integer'))).not.toBeNull();
    expect(columnMismatch('postgres', { kind: 'date-time', nullable: false }, column('text'))).not.toBeNull();
    expect(
      columnMismatch(
        'postgres',
        { kind: 'date-time', nullable: false },
        column('timestamp without time zone'),
      ),
    ).not.toBeNull();
    expect(columnMismatch('postgres', { kind: 'date', nullable: false }, column('date'))).not.toBeNull();
    expect(columnMismatch('sqlite', { kind: 'string', nullable: false }, column('numeric'))).not.toBeNull();
  });

  it('wants a column nullable exactly where the contract allows null', () => {
    expect(columnMismatch('sqlite', integer, column('integer', true))).toEqual({
      zh: '可为空，契约不允许 null',
      en: 'may hold null where the contract allows none',
    });
    expect(columnMismatch('postgres', { kind: 'integer', nullable: true }, column('integer'))).toEqual({
      zh: '不可为空（NOT NULL），契约允许 null',
      en: 'is NOT NULL where the contract allows null',
    });
    expect(
      columnMismatch('postgres', { kind: 'integer', nullable: true }, column('integer', true)),
    ).toBeNull();
  });

  it('tells a wrong type and a wrong nullability together', () => {
    expect(columnMismatch('postgres', integer, column('text', true))?.en).toBe(
      'is text where the contract wants an integer; may hold null where the contract allows none',
    );
  });

  it('checks only nullability where the contract leaves the kind open', () => {
    expect(columnMismatch('sqlite', { kind: null, nullable: true }, column('blob', true))).toBeNull();
  });
});
