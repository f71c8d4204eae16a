import type { SettingsReader } from '../kernel/env-settings';
import { readDirectorySettings, type DirectorySettings } from './ldap/ldap-settings';
import { readOidcSettings, type OidcSettings } from './oidc/oidc-settings';
import { defaultPasswordCost, maxPasswordCost } from './password-hash';
import { defaultSessionIdleMinutes } from './sessions';
import { defaultSignInLimits, type SignInLimits } from './sign-in-limits';
import { secondFactorRequirements, type SecondFactorRequirement } from './second-factor-requirement';

/** How long sessions last, and how much guessing and SMS the sign-in allows. */
export interface AuthSettings {
  /** CFOP_SESSION_TTL_HOURS: a session ends this long after sign-in. */
  readonly sessionTtlHours: number;
  /** CFOP_SESSION_IDLE_MINUTES: a session unused this long ends. */
  readonly sessionIdleMinutes: number;
  /** CFOP_SIGNIN_*, CFOP_SMS_*_PER_HOUR. */
  readonly signInLimits: SignInLimits;
  /** CFOP_LDAP_*, CFOP_LOCAL_PASSWORD_SIGNIN, CFOP_BREAK_GLASS_USER. */
  readonly directory: DirectorySettings;
  /** CFOP_OIDC_*: the OpenID Connect provider of single sign-on; undefined: none. */
  readonly oidc: OidcSettings | undefined;
  /** CFOP_REQUIRE_MFA_FOR: `admin` makes holders of the administrator role sign in with a second factor. */
  readonly requireSecondFactorFor: SecondFactorRequirement;
}

export function readAuthSettings(settings: SettingsReader): AuthSettings {
  const sessionTtlHours = settings.number('CFOP_SESSION_TTL_HOURS', {
    fallback: 12,
    max: 24 * 365,
    noun: { zh: '小时数', en: 'a number of hours' },
  });
  const wholeNumber = (name: string, fallback: number, max: number) =>
    settings.number(name, { fallback, min: 1, max });
  const sessionIdleMinutes = wholeNumber('CFOP_SESSION_IDLE_MINUTES', defaultSessionIdleMinutes, 7 * 24 * 60);
  const windowMs =
    wholeNumber('CFOP_SIGNIN_WINDOW_MINUTES', defaultSignInLimits.account.windowMs / 60_000, 24 * 60) *
    60_000;
  const perHour = (name: string, fallback: number) => ({
    limit: wholeNumber(name, fallback, 1_000_000),
    windowMs: 3_600_000,
  });
  const signInLimits: SignInLimits = {
    account: {
      limit: wholeNumber('CFOP_SIGNIN_ACCOUNT_FAILURES', defaultSignInLimits.account.limit, 1000),
      windowMs,
    },
    address: {
      limit: wholeNumber('CFOP_SIGNIN_ADDRESS_FAILURES', defaultSignInLimits.address.limit, 100_000),
      windowMs,
    },
    smsPhone: perHour('CFOP_SMS_PHONE_FAILURES_PER_HOUR', defaultSignInLimits.smsPhone.limit),
    smsAddressSends: perHour('CFOP_SMS_ADDRESS_SENDS_PER_HOUR', defaultSignInLimits.smsAddressSends.limit),
    smsSends: perHour('CFOP_SMS_SENDS_PER_HOUR', defaultSignInLimits.smsSends.limit),
  };
  const requireSecondFactorFor = settings.oneOf('CFOP_REQUIRE_MFA_FOR', secondFactorRequirements) ?? 'none';
  return {
    sessionTtlHours,
    sessionIdleMinutes,
    signInLimits,
    requireSecondFactorFor,
    directory: readDirectorySettings(settings),
    oidc: readOidcSettings(settings),
  };
}

/**
 * CFOP_PASSWORD_COST, scrypt's cost (log2 N). Below the default only where NODE_ENV=test as well:
 * a test setting copied onto a real server must not quietly weaken every password hashed there.
 */
export function readPasswordCost(settings: SettingsReader): number {
  const text = settings.text('CFOP_PASSWORD_COST');
  if (text === undefined) return defaultPasswordCost;
  const cost = Number(text);
  const lowest = settings.raw('NODE_ENV') === 'test' ? 1 : defaultPasswordCost;
  if (Number.isInteger(cost) && cost >= lowest && cost <= maxPasswordCost) return cost;
  settings.bad(
    'CFOP_PASSWORD_COST',
    `应为 ${lowest} 到 ${maxPasswordCost} 的整数（低于 ${defaultPasswordCost} 仅限测试，需 NODE_ENV=test）`,
    `must be a whole number from ${lowest} to ${maxPasswordCost} (below ${defaultPasswordCost} only for tests, with NODE_ENV=test)`,
  );
  return defaultPasswordCost;
}
