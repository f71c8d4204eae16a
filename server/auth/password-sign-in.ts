import { ApiError } from '../kernel/api-error';
import type { AuditNote } from '../operations/audit-note';
import type { AuthContext } from './auth-context';
import { isLinked, type LinkedUser } from './external-identity';
import { ldapSource } from './ldap/ldap-directory';
import { decoyHash, verifyPassword } from './password-hash';
import { checkGuess, type Guess } from './sign-in-attempts';
import { findUserByName, usernameKey, type NamedUser } from './user-names';

export const wrongCredentials = () =>
  new ApiError('1001', { zh: '用户名或密码错误', en: 'Wrong user name or password' });

/** What signing in to a disabled account is told, by password, SMS code or single sign-on. */
export const accountDisabled = () =>
  new ApiError('1001', {
    zh: '该账号已停用，请联系管理员',
    en: 'This account is disabled; ask an administrator',
  });

type Ctx = Pick<
  AuthContext,
  'db' | 'clock' | 'signInLimits' | 'passwordHashing' | 'ldap' | 'localPasswordSignIn' | 'externalIdentities'
>;

/**
 * The user a name and password sign in: a local user's own password, else the directory's word
 * (CFOP_LDAP_URL). A local user signs in locally unless linked to an identity source, or the
 * installer turned local passwords off for all but the break-glass user (CFOP_LOCAL_PASSWORD_SIGNIN);
 * every other name goes to the directory. Either check is one guess under the guessing limits, and
 * a refusal says the same whatever the reason. Throws wrongCredentials, or the directory's 503 (not
 * counted as a guess), or a linked sign-in's refusal (no mapped group).
 */
export async function userOfPassword(
  ctx: Ctx,
  call: { readonly audit: AuditNote; readonly address: string },
  username: string,
  password: string,
): Promise<NamedUser | LinkedUser> {
  const guess: Guess = { method: 'password', principal: username, address: call.address };
  const local = await findUserByName(ctx.db, username);
  const signsInLocally = local !== undefined && (await mayUseLocalPassword(ctx, local));
  if (signsInLocally || ctx.ldap === undefined) {
    // An unknown name is checked against a decoy hash, so it costs the same time as a wrong password.
    const matches = await checkGuess(ctx, call.audit, guess, () =>
      ctx.passwordHashing.run(call.address, async () =>
        verifyPassword(password, signsInLocally ? local.password_hash : await decoyHash()),
      ),
    );
    if (!signsInLocally || !matches) throw wrongCredentials();
    return local;
  }
  const { ldap } = ctx;
  let answer: Awaited<ReturnType<typeof ldap.authenticate>> = 'refused';
  await checkGuess(ctx, call.audit, guess, async () => {
    // A name typed in full width is the directory's half-width name, as it is a local user's.
    answer = await ldap.authenticate(username.normalize('NFKC'), password);
    return answer !== 'refused';
  });
  if (answer === 'refused') throw wrongCredentials();
  return ctx.externalIdentities.signIn(ldapSource, answer);
}

async function mayUseLocalPassword(ctx: Ctx, user: NamedUser): Promise<boolean> {
  const { localPasswordSignIn } = ctx;
  if (
    localPasswordSignIn.mode === 'breakglass' &&
    usernameKey(user.username) !== usernameKey(localPasswordSignIn.username)
  ) {
    return false;
  }
  return !(await isLinked(ctx.db, user.id));
}
