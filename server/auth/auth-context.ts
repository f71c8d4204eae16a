import type { PlatformContext } from '../operations/platform-context';
import type { AccessWatch } from './access-watch';
import type { ExternalIdentities } from './external-identity';
import type { HashingGate } from './hashing-gate';
import type { LdapDirectory } from './ldap/ldap-directory';
import type { LocalPasswordSignIn } from './ldap/ldap-settings';
import type { OidcClient } from './oidc/oidc-client';
import type { SessionContext } from './sessions';
import type { SignInLimits } from './sign-in-limits';
import type { SecondFactorRequirement } from './second-factor-requirement';

/** What signing in, sessions and access checks need of the app. */
export interface AuthContext extends PlatformContext, SessionContext {
  /** Guessing and SMS limits (CFOP_SIGNIN_*, CFOP_SMS_*_PER_HOUR). */
  readonly signInLimits: SignInLimits;
  /** Every password check of an anonymous or ordinary caller passes it. */
  readonly passwordHashing: HashingGate;
  /** CFOP_REQUIRE_MFA_FOR: whose sign-in needs a second factor even before they enrol one. */
  readonly requireSecondFactorFor: SecondFactorRequirement;
  /** Ends open event streams and live sockets whose session ended or lost its key. */
  readonly accessWatch: AccessWatch;
  /** The directory users sign in with by password (CFOP_LDAP_URL); undefined: none. */
  readonly ldap: LdapDirectory | undefined;
  /** The OpenID Connect provider users sign in with (CFOP_OIDC_ISSUER); undefined: none. */
  readonly oidc: OidcClient | undefined;
  /** Who may sign in by a local password (CFOP_LOCAL_PASSWORD_SIGNIN). */
  readonly localPasswordSignIn: LocalPasswordSignIn;
  /** Links people of an identity source to console users (server/accounts/external-identities.ts). */
  readonly externalIdentities: ExternalIdentities;
}
