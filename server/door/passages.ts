import { sql, type Selectable } from 'kysely';
import type { components } from '../../src/generated/openapi';
import type { Db } from '../db/open-database';
import type { Table } from '../db/schema';
import { startOfLocalDay } from '../kernel/zoned-time';
import type { QueryFilter } from '../resources/resource-definition';
import { notFound } from '../resources/resource-service';

type Passage = components['schemas']['Passage'];
type PassageReceipt = components['schemas']['PassageReceipt'];
/** A stored passage as read. */
export type PassageRow = Selectable<Table<'passages'>>;

/** Whom a passage names: the column of passages holding their id, and their own table. */
const owners = {
  staff: { column: 'staff_id', table: 'staff' },
  visitor: { column: 'visitor_id', table: 'visitors' },
  vehicle: { column: 'vehicle_id', table: 'vehicles' },
} as const;
export type PassageOwner = keyof typeof owners;

/**
 * A stored passage as its AI server is answered: what the gate sent, without whom it matched. The
 * gate decided `result` itself and needs nothing back, and an answer naming the match would let a
 * box test staff numbers, pass codes and plates against the console's lists, one a call.
 */
export function passageReceiptOf(row: PassageRow): PassageReceipt {
  return {
    id: row.id,
    sourceId: row.source_id,
    gate: row.gate,
    direction: row.direction,
    result: row.result,
    employeeNo: row.employee_no,
    passCode: row.pass_code,
    plate: row.plate,
    photoId: row.photo_file_id,
    occurredAt: row.occurred_at,
    receivedAt: row.received_at,
  };
}

/** A stored passage as the console reads it: with whom it matched. */
export function passageOf(row: PassageRow): Passage {
  return {
    ...passageReceiptOf(row),
    aiServerId: row.ai_server_id,
    staffId: row.staff_id,
    visitorId: row.visitor_id,
    vehicleId: row.vehicle_id,
  };
}

/** One page of the passages of a staff member, visitor or vehicle, newest first; 404 for none such. */
export async function passagesOf(
  db: Db,
  owner: PassageOwner,
  id: number,
  page: { readonly page?: number; readonly pageSize?: number },
) {
  const { column, table } = owners[owner];
  const exists = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound(id);
  const pageNo = page.page ?? 1;
  const pageSize = page.pageSize ?? 20;
  const { total } = await db
    .selectFrom('passages')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('passages')
    .selectAll()
    .where(column, '=', id)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  return { items: rows.map(passageOf), total: Number(total), page: pageNo, pageSize };
}

/**
 * The `passedToday` filter of a list of staff, visitors or vehicles: true keeps those with a
 * passage since the operator's local midnight (until the next), false those without.
 */
export function passedToday(owner: PassageOwner): QueryFilter {
  const column = sql.ref(`passages.${owners[owner].column}`);
  return (value, { now, timeZone }) => {
    const from = new Date(startOfLocalDay(now.getTime(), timeZone)).toISOString();
    const to = new Date(startOfLocalDay(now.getTime(), timeZone, 1)).toISOString();
    // Passages of nobody are left out: a null in the list would make `not in` keep nothing.
    const passed = sql<boolean>`id in (select ${column} from passages where ${column} is not null and passages.occurred_at >= ${from} and passages.occurred_at < ${to})`;
    return value === true ? passed : sql<boolean>`not (${passed})`;
  };
}
