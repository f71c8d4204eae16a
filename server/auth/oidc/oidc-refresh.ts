import { later } from '../../kernel/clock';
import { ApiError } from '../../kernel/api-error';
import type { AuthContext } from '../auth-context';
import { revokeUserSessions } from '../sessions';
import { OidcRefusal, oidcSource } from './oidc-client';
import { keepTokens } from './oidc-sign-in';

/**
 * Asks the provider again about each person signed in through it who has a session open and whose
 * tokens are older than CFOP_OIDC_REFRESH_MINUTES: a refused refresh (disabled or signed out at the
 * provider) or groups that no longer map to a role end their sessions; otherwise their roles follow
 * the groups the provider names now. A provider out of reach is asked again at the next round.
 */
export async function refreshSingleSignOns(ctx: AuthContext): Promise<void> {
  const client = ctx.oidc;
  if (!client) return;
  const now = ctx.clock.now();
  const due = await ctx.db
    .selectFrom('oidc_tokens')
    .select(['user_id', 'id_token', 'refresh_token'])
    .where('refresh_token', 'is not', null)
    .where('refreshed_at', '<=', later(now, -client.refreshMs).toISOString())
    .where('user_id', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('sessions.user_id')
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now.toISOString()),
    )
    .execute();
  for (const row of due) {
    try {
      const account = await client.refresh({ idToken: row.id_token, refreshToken: row.refresh_token ?? '' });
      await ctx.externalIdentities.signIn(oidcSource, account);
      await keepTokens(ctx, row.user_id, account);
    } catch (error) {
      const refused = error instanceof OidcRefusal || (error instanceof ApiError && error.httpStatus === 403);
      if (!refused) continue;
      await revokeUserSessions(ctx.db, row.user_id, now);
      await ctx.db.deleteFrom('oidc_tokens').where('user_id', '=', row.user_id).execute();
    }
  }
}
