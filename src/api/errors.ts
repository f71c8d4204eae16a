/** The server answered with an envelope whose code is not "0". */
export class BusinessError extends Error {
  override readonly name = 'BusinessError';
  constructor(
    readonly code: string,
    readonly msg: string,
    readonly data: unknown,
  ) {
    super(msg || `Business error ${code}`);
  }
}

/**
 * The call failed without a business answer: `no-response` (network failure, abort, time-out),
 * `http` (a non-ok answer that is not an envelope; the message is its body text) or
 * `unexpected` (anything else).
 */
export type RequestErrorKind = 'no-response' | 'http' | 'unexpected';

export class RequestError extends Error {
  override readonly name = 'RequestError';
  /** The HTTP status, for `http` errors. */
  readonly status: number | undefined;
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, { cause: options?.cause });
    this.status = options?.status;
  }
}

function isFieldError(value: unknown): value is { field: string; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { field, message } = value as Record<string, unknown>;
  return typeof field === 'string' && typeof message === 'string';
}

/** `{ field: message }` from a BusinessError's `data.errors`, for form fields; {} otherwise. */
export function getFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof BusinessError) || typeof err.data !== 'object' || err.data === null) return {};
  const { errors } = err.data as { errors?: unknown };
  if (!Array.isArray(errors)) return {};
  const result: Record<string, string> = {};
  for (const error of errors) {
    if (isFieldError(error) && !(error.field in result)) result[error.field] = error.message;
  }
  return result;
}
