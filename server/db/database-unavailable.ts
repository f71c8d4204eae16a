/**
 * A statement that failed because the database could not be reached or its connection was lost (a
 * restart, a network cut, a full server): nothing is wrong with the call, which may be made again
 * once the database is back. `cause` is pg's or Node's own error.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';

  constructor(override readonly cause: unknown) {
    super(`the database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/**
 * Node's network failures, and PostgreSQL's classes and codes for a server that is going away, not
 * yet accepting connections, out of connection slots, or a connection that broke (class 08).
 */
const unavailableCodes =
  /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|57P0[123]|53300|08\w{3})$/;

/** Whether pg's or Node's error says the database is out of reach (see unavailableCodes). */
export function losesConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && unavailableCodes.test(code);
}

/** Whether `error`, or an error it was made from (its causes), is a DatabaseUnavailableError. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let seen = error, depth = 0; seen instanceof Error && depth < 10; seen = seen.cause, depth += 1)
    if (seen instanceof DatabaseUnavailableError) return true;
  return false;
}
