import type { components } from '../../src/generated/openapi';
import { later, type Clock } from '../kernel/clock';
import type { Db } from '../db/open-database';
import { isWellFormedToken, newSessionToken, sha256Hex } from '../kernel/session-token';
import type { ActiveSession, ClientInfo } from '../operations/caller';

/** What opening, finding and revoking sessions needs of the app (AppContext satisfies it). */
export interface SessionContext {
  readonly db: Db;
  readonly clock: Clock;
  readonly sessionTtlMs: number;
  /** A session unused this long answers 401 like an expired one. */
  readonly sessionIdleMs: number;
}

/** Records the sign-in on the user and opens a session; only the token's digest is kept. */
export async function signIn(
  ctx: SessionContext,
  userId: number,
  client: ClientInfo,
): Promise<components['schemas']['Session']> {
  const token = newSessionToken();
  const signedInAt = ctx.clock.now();
  const now = signedInAt.toISOString();
  const expiresAt = later(signedInAt, ctx.sessionTtlMs).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute();
    await trx
      .insertInto('sessions')
      .values({
        token_hash: sha256Hex(token),
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
        last_active_at: now,
        client_type: client.type,
        client_host: client.host,
        ip: client.ip,
        user_agent: client.userAgent,
      })
      .execute();
  });
  return { token, expiresAt };
}

/**
 * OWASP ASVS 3.3.2 (level 2): 12 hours absolute (the TTL's default) or 30 minutes idle. The alert
 * wall's event stream, the video wall's playlists and the dashboard's refresh keep a wall's session
 * busy, so only a browser nobody uses idles out.
 */
export const defaultSessionIdleMinutes = 30;

/**
 * Activity is written at most this often per session: a wall polling every second would otherwise
 * write on every call, and the idle time-out (minutes) needs no finer grain.
 */
export const activityWriteGapMs = 60_000;

/** The session behind a token, if it is unrevoked, unexpired, not idle and its user still enabled. */
export async function findActiveSession(ctx: SessionContext, token: string): Promise<ActiveSession | null> {
  return isWellFormedToken(token) ? findActiveSessionByHash(ctx, sha256Hex(token)) : null;
}

/** As findActiveSession, by the token's digest; each call is activity and keeps the session from idling. */
export async function findActiveSessionByHash(
  ctx: SessionContext,
  tokenHash: string,
): Promise<ActiveSession | null> {
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_id', 'sessions.last_active_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now.toISOString())
    .where('sessions.last_active_at', '>', later(now, -ctx.sessionIdleMs).toISOString())
    .where('users.status', '=', 'enabled')
    .executeTakeFirst();
  if (!row) return null;
  if (Date.parse(row.last_active_at) <= now.getTime() - activityWriteGapMs) {
    await ctx.db
      .updateTable('sessions')
      .set({ last_active_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { tokenHash, userId: row.user_id };
}

export async function revokeSession(ctx: SessionContext, tokenHash: string): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
