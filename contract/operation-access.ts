// Who may call an operation, as openapi.yaml declares it. Pure, so codegen (at build time) and the
// server (at start) refuse the same contracts with the same words.

/** The security scheme whose header carries the session token. */
export const SESSION_SCHEME = 'sessionToken';
/** The scheme whose header carries an AI server's ingest key (its calls have no session). */
export const INGEST_KEY_SCHEME = 'ingestKey';
/** Schemes a machine authenticates with instead of a user's session. */
export const MACHINE_SCHEMES: readonly string[] = [INGEST_KEY_SCHEME];

export type OperationAccess =
  /** A signed-in user holding the access key. */
  | { readonly kind: 'key'; readonly key: string }
  /** Any signed-in user, whatever keys they hold (their own profile, signing out). */
  | { readonly kind: 'signed-in' }
  /** Anyone, no session (signing in). */
  | { readonly kind: 'anyone' }
  /** A machine authenticated by the scheme's header, never a user's session. */
  | { readonly kind: 'machine'; readonly scheme: string };

const openKinds = ['anyone', 'signed-in'] as const;

/** An operation's declaration as written: its `x-access`, its `x-open` and its security's schemes. */
export interface AccessDeclaration {
  readonly xAccess: unknown;
  readonly xOpen: unknown;
  readonly schemes: readonly string[];
}

const ways =
  'x-access: <KEY>, a machine scheme in security (' +
  `${MACHINE_SCHEMES.join(', ')}), x-open: anyone or x-open: signed-in`;

/**
 * The operation's access, or what is wrong with its declaration: exactly one of `x-access`, a
 * machine scheme and `x-open`, consistent with whether it requires a session. Without this an
 * operation that forgot its `x-access` would be open to every signed-in user.
 */
export function readOperationAccess(
  declared: AccessDeclaration,
): { readonly access: OperationAccess } | { readonly problem: string } {
  const { xAccess, xOpen, schemes } = declared;
  const machine = schemes.filter((scheme) => MACHINE_SCHEMES.includes(scheme));
  const found = [
    ...(xAccess === undefined ? [] : ['x-access']),
    ...machine.map((scheme) => `security ${scheme}`),
    ...(xOpen === undefined ? [] : ['x-open']),
  ];
  if (found.length === 0) return { problem: `declares no access; it needs exactly one of ${ways}` };
  if (found.length > 1) {
    return {
      problem: `declares its access ${found.length} ways (${found.join(', ')}); it needs exactly one`,
    };
  }
  const session = schemes.includes(SESSION_SCHEME);
  const [scheme] = machine;
  if (scheme !== undefined) {
    return session
      ? { problem: `uses ${scheme} and ${SESSION_SCHEME}; a machine's call has no session` }
      : { access: { kind: 'machine', scheme } };
  }
  if (xAccess !== undefined) {
    if (typeof xAccess !== 'string') return { problem: `has x-access ${JSON.stringify(xAccess)}, not a key` };
    return session
      ? { access: { kind: 'key', key: xAccess } }
      : { problem: `has x-access but does not require ${SESSION_SCHEME}` };
  }
  const kind = openKinds.find((open) => open === xOpen);
  if (kind === undefined) {
    return { problem: `has x-open ${JSON.stringify(xOpen)}; it must be ${openKinds.join(' or ')}` };
  }
  if (kind === 'anyone' && session) return { problem: `has x-open: anyone but requires ${SESSION_SCHEME}` };
  if (kind === 'signed-in' && !session) {
    return { problem: `has x-open: signed-in but does not require ${SESSION_SCHEME}` };
  }
  return { access: { kind } };
}

/** The access key an operation needs, or null for one open or called by a machine. */
export function accessKeyOf(access: OperationAccess): string | null {
  return access.kind === 'key' ? access.key : null;
}
