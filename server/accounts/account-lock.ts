import { sql } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';

/** The console's advisory locks are keyed ('cfop', n): alert revisions take n = 0 (0028), accounts 1. */
const consoleLocks = 0x6366_6f70;
const accountsLock = 1;

/**
 * Makes the rest of the transaction `trx` the only account write under way, on every server: run
 * first in every transaction that judges and writes users' status and roles, roles' keys, or a
 * user's name or password by the grant rules, the last-administrator rule or the user names taken.
 *
 * Those rules read rows that the other writes change (two administrators demoting each other each
 * see the other still holding the role), so two judged at once on PostgreSQL could both pass on a
 * state neither leaves. A transaction-level advisory lock serialises exactly these writes across
 * servers, held until commit, while sign-ins and every reader go on; a table lock (see
 * exclusiveTransaction) would also stall each sign-in, whose session refers to its user. The
 * transactions stay at read committed, so every statement after the lock sees what the previous
 * holder committed: the rules must read the rows they judge after taking it, not before.
 *
 * SQLite needs nothing: one server owns the file and runs one transaction at a time, and the
 * operator CLI writing beside it gets SQLITE_BUSY rather than a stale read (WAL mode).
 */
export async function lockAccounts(trx: Db): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    await sql`select pg_advisory_xact_lock(${sql.lit(consoleLocks)}, ${sql.lit(accountsLock)})`.execute(trx);
  }
}
