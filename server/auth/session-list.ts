import type { components } from '../../src/generated/openapi';
import type { AuthContext } from './auth-context';
import { ApiError } from '../kernel/api-error';
import { later } from '../kernel/clock';
import { deviceOf } from './user-agent-device';

/**
 * What the session list calls a session: a prefix of its token's digest. It names the session to
 * its own user and administrators without being the token, nor the digest the server looks it up by.
 */
const idLength = 32;
export const sessionIdOf = (tokenHash: string) => tokenHash.slice(0, idLength);

/** The user's sessions that still work (unrevoked, unexpired, not idle), most recently used first. */
async function openSessions(ctx: AuthContext, userId: number) {
  const now = ctx.clock.now();
  return ctx.db
    .selectFrom('sessions')
    .select(['token_hash', 'user_agent', 'ip', 'client_type', 'created_at', 'last_active_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('last_active_at', '>', later(now, -ctx.sessionIdleMs).toISOString())
    .orderBy('last_active_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

export async function listSessions(
  ctx: AuthContext,
  userId: number,
  currentTokenHash: string,
): Promise<components['schemas']['SessionInfo'][]> {
  const rows = await openSessions(ctx, userId);
  // This session first: the others are what the reader looks through to end.
  const ordered = [
    ...rows.filter((row) => row.token_hash === currentTokenHash),
    ...rows.filter((row) => row.token_hash !== currentTokenHash),
  ];
  return ordered.map((row) => ({
    id: sessionIdOf(row.token_hash),
    device: deviceOf(row.user_agent),
    address: row.ip,
    clientType: row.client_type,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at,
    current: row.token_hash === currentTokenHash,
  }));
}

/** Ends the user's open sessions that `which` picks; answers those ended (id and device). */
export async function endSessions(
  ctx: AuthContext,
  userId: number,
  which: (tokenHash: string) => boolean,
): Promise<readonly { id: string; device: string }[]> {
  const ending = (await openSessions(ctx, userId)).filter((row) => which(row.token_hash));
  if (ending.length === 0) return [];
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where(
      'token_hash',
      'in',
      ending.map((row) => row.token_hash),
    )
    .where('revoked_at', 'is', null)
    .execute();
  return ending.map((row) => ({ id: sessionIdOf(row.token_hash), device: deviceOf(row.user_agent) }));
}

/** The answer when the session a call names is not one of the user's open sessions. */
export function noSuchSession(): ApiError {
  return new ApiError('404', { zh: '该会话不存在或已结束', en: 'No such session, or it has ended' });
}
