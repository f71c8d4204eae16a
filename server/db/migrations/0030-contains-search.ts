import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * SQLite's answer to the management lists' "contains" filters, which PostgreSQL's trigram indexes
 * (0027) give it: per table, an FTS5 table with the `trigram` tokenizer over the searched columns,
 * which finds the rows holding a text of three characters or more without reading the others.
 * Contentless (it keeps no copy of the values: the list reads them from the table) with deletes
 * allowed, kept current by triggers, so every writer (the API, the operator CLI, a cascade) keeps
 * it too. The alerts have none: their label is searched through its index of 0027 (few distinct
 * labels over a million alerts), and an FTS table would cost every ingest.
 *
 * The operation log's result gets an index, with its time for the order: its "contains" filter on
 * action names is searched with two characters (告警), which no trigram answers, and the result
 * beside it then narrows the rows read to its own.
 *
 * The tables and columns are written out as they stood at this migration (0027's, the alerts apart);
 * today's are in db/contains-search.ts.
 */
const trigramColumns: Readonly<Record<string, readonly string[]>> = {
  ai_servers: ['name', 'serial_number', 'ip', 'location'],
  cameras: ['name', 'code', 'area'],
  users: ['username', 'name', 'phone'],
  operation_logs: ['username', 'action_name_zh', 'action_name_en'],
  staff: ['employee_no', 'name', 'department', 'phone', 'card_no'],
  visitors: ['name', 'phone', 'company', 'plate'],
  vehicles: ['plate'],
  models: ['name', 'version'],
};

const trigramTableOf = (table: string) => `${table}_trigrams`;

const resultIndex = { name: 'operation_logs_result_time', columns: ['result', 'time', 'id'] };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex(resultIndex.name).on('operation_logs').columns(resultIndex.columns).execute();
  if (dialectOf(db) !== 'sqlite') return;
  for (const [table, columns] of Object.entries(trigramColumns)) {
    const trigrams = sql.table(trigramTableOf(table));
    const list = sql.join(columns.map((column) => sql.ref(column)));
    const newValues = sql.join(columns.map((column) => sql.ref(`new.${column}`)));
    const trigger = (event: string) => sql.id(`${trigramTableOf(table)}_${event}`);
    await sql`create virtual table ${trigrams} using fts5(${list}, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(
      db,
    );
    await sql`insert into ${trigrams} (rowid, ${list}) select id, ${list} from ${sql.table(table)}`.execute(
      db,
    );
    await sql`create trigger ${trigger('insert')} after insert on ${sql.table(table)} begin
      insert into ${trigrams} (rowid, ${list}) values (new.id, ${newValues});
    end`.execute(db);
    await sql`create trigger ${trigger('update')} after update of ${list} on ${sql.table(table)} begin
      delete from ${trigrams} where rowid = old.id;
      insert into ${trigrams} (rowid, ${list}) values (new.id, ${newValues});
    end`.execute(db);
    await sql`create trigger ${trigger('delete')} after delete on ${sql.table(table)} begin
      delete from ${trigrams} where rowid = old.id;
    end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(resultIndex.name).execute();
  if (dialectOf(db) !== 'sqlite') return;
  for (const table of Object.keys(trigramColumns)) {
    for (const event of ['insert', 'update', 'delete'])
      await sql`drop trigger ${sql.id(`${trigramTableOf(table)}_${event}`)}`.execute(db);
    await sql`drop table ${sql.table(trigramTableOf(table))}`.execute(db);
  }
}
