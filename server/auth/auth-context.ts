import type { PlatformContext } from '../operations/platform-context';
import type { AccessWatch } from './access-watch';
import type { HashingGate } from './hashing-gate';
import type { SessionContext } from './sessions';
import type { SignInLimits } from './sign-in-limits';

/** What signing in, sessions and access checks need of the app. */
export interface AuthContext extends PlatformContext, SessionContext {
  /** Guessing and SMS limits (CFOP_SIGNIN_*, CFOP_SMS_*_PER_HOUR). */
  readonly signInLimits: SignInLimits;
  /** Every password check of an anonymous or ordinary caller passes it. */
  readonly passwordHashing: HashingGate;
  /** Ends open event streams and live sockets whose session ended or lost its key. */
  readonly accessWatch: AccessWatch;
}
