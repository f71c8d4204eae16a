import { isWellFormedToken, newSessionToken } from '../../kernel/session-token';
import { signInTtlMs } from './oidc-sign-in';

// The browser a single sign-on began in (RFC 6749 §10.12, OpenID Connect Core §3.1.2.1's state):
// start gives it a random mark in a cookie, and the callback and the handoff's trade are taken only
// with that mark. Without it, someone could begin a sign-in as themselves and have another person's
// browser finish it through a link (login CSRF): that person would then work, unknowing, in the
// other's account.

const cookieName = 'cfop_sso';

/** The mark the request's browser carries; '' when it carries none (or a malformed one). */
export function signOnBrowserOf(cookieHeader: string | undefined): string {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.split('=', 2).map((part) => part.trim());
    if (name === cookieName && value !== undefined && isWellFormedToken(value)) return value;
  }
  return '';
}

/**
 * The mark for a sign-in begun: the browser's own when it has one (sign-ins begun in two tabs both
 * finish), else a new one; and the cookie that keeps it. Lax: the provider's redirect back is a
 * top-level navigation from its site, which carries a Lax cookie; a page of another site posting or
 * framing does not. Only the sign-in's paths see it, never a script.
 */
export function markSignOnBrowser(
  cookieHeader: string | undefined,
  where: { readonly path: string; readonly secure: boolean },
): { readonly mark: string; readonly setCookie: string } {
  const mark = signOnBrowserOf(cookieHeader) || newSessionToken();
  const attributes = [
    `${cookieName}=${mark}`,
    `Path=${where.path}`,
    // As long as the sign-in begun may wait for the provider.
    `Max-Age=${signInTtlMs / 1000}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(where.secure ? ['Secure'] : []),
  ];
  return { mark, setCookie: attributes.join('; ') };
}
