import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { containsText, nullsLowest, sortedApart } from './portable-sql';

/** Databases that only compile: no connection is ever made. */
const postgres = new Kysely<Record<string, { id: number; label: string }>>({
  dialect: new PostgresDialect({ pool: {} as never }),
});
const sqlite = new Kysely<Record<string, { id: number; label: string }>>({
  dialect: new SqliteDialect({ database: {} as never }),
});

const whereOf = (db: typeof postgres, text: string) =>
  db
    .selectFrom('alerts')
    .select('id')
    .where(containsText(db, sql.ref('label'), text))
    .compile().sql;

describe('containsText', () => {
  it('searches the column itself on PostgreSQL from three characters, where a trigram index can answer', () => {
    expect(whereOf(postgres, 'Gate')).toContain(`where "label" ilike $1 escape '\\'`);
    expect(whereOf(postgres, 'ab%')).toContain(`where "label" ilike $1`);
  });

  it("searches a text without cased letters with PostgreSQL's like, which matches as ilike would", () => {
    expect(whereOf(postgres, '安全帽')).toContain(`where "label" like $1 escape '\\'`);
    expect(whereOf(postgres, '10.1.')).toContain(`where "label" like $1`);
    expect(whereOf(postgres, '3号楼-É')).toContain(`where "label" ilike $1`);
    expect(whereOf(sqlite, '10.1.')).toContain(`where "label" like ? escape '\\'`);
  });

  it('keeps a shorter search off the trigram index, which would hand back every row', () => {
    expect(whereOf(postgres, '吸烟')).toContain(`where ("label" || '') like $1`);
    expect(whereOf(postgres, 'ab')).toContain(`where ("label" || '') ilike $1`);
    expect(whereOf(sqlite, '吸烟')).toContain(`where "label" like ? escape '\\'`);
  });
});

describe('sortedApart', () => {
  const orderOf = (db: typeof postgres) =>
    db.selectFrom('alerts').select('id').orderBy(sortedApart(db, 'label'), 'desc').compile().sql;

  it("orders by the column's value in a form no index of the column serves", () => {
    expect(orderOf(postgres)).toMatch(/order by coalesce\("label", "label"\) desc$/);
    expect(orderOf(sqlite)).toMatch(/order by \+"label" desc$/);
  });
});

describe('nullsLowest', () => {
  const orderOf = (db: typeof postgres, mayBeNull: boolean) =>
    db
      .selectFrom('alerts')
      .select('id')
      .orderBy('label', nullsLowest(db, 'desc', mayBeNull))
      .compile().sql;

  it('says where nulls go on PostgreSQL only for a column that may hold them, so its index serves the order', () => {
    expect(orderOf(postgres, true)).toMatch(/order by "label" desc nulls last$/);
    expect(orderOf(postgres, false)).toMatch(/order by "label" desc$/);
    expect(orderOf(sqlite, true)).toMatch(/order by "label" desc$/);
  });
});
