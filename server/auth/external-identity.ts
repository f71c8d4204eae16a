import type { Db } from '../db/open-database';
import { ApiError } from '../kernel/api-error';

// What a sign-in through an identity source (an LDAP directory, an OpenID Connect provider) hands
// the accounts: the person as the source vouched for them. The accounts link them to a console
// user (server/accounts/external-identities.ts), given to the sign-ins as AuthContext's
// externalIdentities, since accounts build on auth and not the other way round.

/** A person as an identity source vouched for them at sign-in. */
export interface DirectoryAccount {
  /** The source's stable id for them (entryUUID, objectGUID, an OpenID subject). */
  readonly subject: string;
  /** The console user name of a first sign-in: the name they signed in with. */
  readonly username: string;
  readonly name: string | undefined;
  readonly phone: string | undefined;
  readonly email: string | undefined;
  /** Their groups, each as the source's groupKey makes it. */
  readonly groups: readonly string[];
}

/** A person as an OpenID Connect provider vouched for them, with the ID token that said so. */
export interface ProviderAccount extends DirectoryAccount {
  readonly idToken: string;
  /** What asks the provider again later whether the person is still theirs; undefined: none given. */
  readonly refreshToken: string | undefined;
}

/** An identity source as the group mappings name it, and how it compares group names. */
export interface IdentitySource {
  readonly provider: 'ldap' | 'oidc';
  /** Makes a mapping's group name and an account's group comparable (an LDAP DN ignores case). */
  readonly groupKey: (group: string) => string;
}

/** The console user a person of a source signs in as. */
export interface LinkedUser {
  readonly id: number;
  readonly username: string;
  readonly status: string;
}

export interface ExternalIdentities {
  /**
   * The console user of `account`, linked or created, with the source's attributes and the roles
   * its groups map to; throws a 403 ApiError when no group maps to a role.
   */
  signIn(source: IdentitySource, account: DirectoryAccount): Promise<LinkedUser>;
}

/** Whether the user is linked to an identity source (any, or `provider`), which alone then says who they are. */
export async function isLinked(
  db: Db,
  userId: number,
  provider?: IdentitySource['provider'],
): Promise<boolean> {
  let links = db.selectFrom('external_identities').select('id').where('user_id', '=', userId);
  if (provider !== undefined) links = links.where('provider', '=', provider);
  const link = await links.executeTakeFirst();
  return link !== undefined;
}

/**
 * The refusal of a linked user's local sign-in (an SMS code): it would skip the source, which
 * may have disabled them or taken their groups since.
 */
export const signInThroughSource = () =>
  new ApiError('403', {
    zh: '该账号由企业目录管理，请用目录账号和密码登录',
    en: 'This account is managed by the company directory; sign in with your directory name and password',
  });
