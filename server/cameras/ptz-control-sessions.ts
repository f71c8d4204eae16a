import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/open-database';

/** A user's moves on a camera less than this apart are one session of control, logged once. */
export const ptzSessionSeconds = 60;

/**
 * Notes a move by `userId` on `cameraId` at `now`; true when it opens a session of control (no move
 * of theirs there within ptzSessionSeconds), which the operation log then records. One statement:
 * of two moves at once, on one server or two, exactly one finds the session lapsed and replaces its
 * token, and only that one answers true.
 */
export async function opensPtzSession(db: Db, now: Date, cameraId: number, userId: number): Promise<boolean> {
  const session = randomUUID();
  const at = now.toISOString();
  const lapsedBefore = new Date(now.getTime() - ptzSessionSeconds * 1000).toISOString();
  const { session: current } = await db
    .insertInto('ptz_control_sessions')
    .values({ camera_id: cameraId, user_id: userId, session, last_move_at: at })
    .onConflict((conflict) =>
      conflict.columns(['camera_id', 'user_id']).doUpdateSet({
        last_move_at: at,
        session: sql<string>`case when ptz_control_sessions.last_move_at < ${lapsedBefore}
          then excluded.session else ptz_control_sessions.session end`,
      }),
    )
    .returning('session')
    .executeTakeFirstOrThrow();
  return current === session;
}
