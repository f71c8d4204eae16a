import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

// Staff, visitors and vehicles of the entry/exit area. References carry foreign keys without
// cascade: the resources' beforeDelete refuses first with a message, the keys are the backstop.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('staff')
    .addColumn('id', 'integer', t.identity)
    .addColumn('employee_no', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull().check(sql`gender in ('male', 'female')`))
    .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text')
    // Unique only among cards set: SQLite lets any number of rows hold null.
    .addColumn('card_no', 'text', (c) => c.unique())
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'suspended', 'left')`),
    )
    // Deleting the photo's file row is refused while a staff member shows it.
    .addColumn('face_photo_id', 'integer', (c) => c.references('files.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  for (const column of ['name', 'department', 'status', 'valid_to', 'created_at']) {
    await db.schema.createIndex(`staff_${column}`).on('staff').columns([column, 'id']).execute();
  }

  await db.schema
    .createTable('visitors')
    .addColumn('id', 'integer', t.identity)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('host_staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visit_from', t.timestamp, (c) => c.notNull())
    .addColumn('visit_to', t.timestamp, (c) => c.notNull())
    .addColumn('plate', 'text')
    .addColumn('companions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected', 'visiting', 'left')`),
    )
    .addColumn('pass_code', 'text', (c) => c.unique())
    .addColumn('approval_comment', 'text')
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', t.timestamp)
    .addColumn('checked_in_at', t.timestamp)
    .addColumn('checked_out_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  for (const column of ['name', 'visit_from', 'status', 'created_at', 'host_staff_id', 'id_number']) {
    await db.schema.createIndex(`visitors_${column}`).on('visitors').columns([column, 'id']).execute();
  }

  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'integer', t.identity)
    .addColumn('plate', 'text', (c) => c.notNull().unique())
    .addColumn('plate_color', 'text', (c) => c.notNull())
    .addColumn('owner_type', 'text', (c) =>
      c.notNull().check(sql`owner_type in ('staff', 'visitor', 'none')`),
    )
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('visitor_id', 'integer', (c) => c.references('visitors.id'))
    .addColumn('vehicle_type', 'text', (c) => c.notNull())
    .addColumn('list_type', 'text', (c) =>
      c.notNull().check(sql`list_type in ('whitelist', 'blacklist', 'temporary')`),
    )
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  for (const column of ['list_type', 'valid_to', 'created_at', 'staff_id', 'visitor_id']) {
    await db.schema.createIndex(`vehicles_${column}`).on('vehicles').columns([column, 'id']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['vehicles', 'visitors', 'staff']) await db.schema.dropTable(table).execute();
}
