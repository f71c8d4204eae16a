import { sql, type SelectQueryBuilder } from 'kysely';
import type { Clock } from '../kernel/clock';
import type { Database } from '../db/schema';

/**
 * A limit of `limit` events per `windowMs`, counted over the window that ends now (a sliding window,
 * so no burst fits at the seam of two fixed windows).
 */
export interface WindowLimit {
  readonly limit: number;
  readonly windowMs: number;
}

/** Tables of timed events (column `at`) that limits count. */
type TimedEvents = 'sign_in_attempts' | 'sms_sends' | 'notify_test_sends';

/**
 * How long until `events` (a query narrowed to what the limit counts) leave room for one more in the
 * window: 0 when fewer than `limit` lie in it, else until the `limit`-th newest leaves it.
 */
export async function waitForRoomMs<T extends TimedEvents>(
  clock: Clock,
  { limit, windowMs }: WindowLimit,
  events: SelectQueryBuilder<Database, T, object>,
): Promise<number> {
  const now = clock.now().getTime();
  const limitth = await events
    .select('at')
    // With T generic Kysely cannot type the column's values (text in every such table) by its name.
    .where(sql<string>`at`, '>', new Date(now - windowMs).toISOString())
    .orderBy('at', 'desc')
    .limit(1)
    .offset(limit - 1)
    .executeTakeFirst();
  return limitth ? Math.max(1, Date.parse(limitth.at) + windowMs - now) : 0;
}
