import type { LocalText } from './locale';

/** Business codes of openapi.yaml (info.description) and the HTTP status each is answered with. */
const httpStatusOfCode = {
  '400': 400,
  '401': 401,
  '403': 403,
  '404': 404,
  '423': 423,
  '426': 426,
  '429': 429,
  '500': 500,
  '502': 502,
  '503': 503,
  '504': 504,
  '507': 507,
  '1001': 400,
  '1002': 400,
  '1003': 400,
  '1004': 400,
  '1005': 400,
} as const;

export type BusinessCode = keyof typeof httpStatusOfCode;

export interface FieldProblem {
  readonly field: string;
  readonly message: LocalText;
}

/** A failure the client is meant to see: its code, message and, for bad input, the fields at fault. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly httpStatus: number;

  constructor(
    readonly code: BusinessCode,
    readonly text: LocalText,
    readonly fieldProblems: readonly FieldProblem[] = [],
    /** How many seconds to wait before trying again, also sent as Retry-After (see retryLater). */
    readonly retryAfterSeconds?: number,
  ) {
    super(text.en);
    this.httpStatus = httpStatusOfCode[code];
  }
}

/**
 * A refusal the caller may try again after a wait (a locked name, a limit, a full queue): the
 * message tells the whole seconds to wait, and so does the Retry-After header.
 */
export function retryLater(
  code: '423' | '429' | '503',
  waitMs: number,
  text: (seconds: number) => LocalText,
): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(code, text(seconds), [], seconds);
}

/**
 * A 400 refusing what a request asks of the items it names (deleting a role users hold): the
 * problems are the request's own, so the message tells them without their field (`id`, `ids`),
 * which the problems still name.
 */
export function refusal(problems: readonly FieldProblem[]): ApiError {
  const join = (lang: keyof LocalText, glue: string) =>
    problems.map((p) => sentence(p.message[lang])).join(glue);
  return new ApiError('400', { zh: join('zh', '；'), en: join('en', '; ') }, problems);
}

/** A field message standing on its own: `you cannot …` → `You cannot …`. */
function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/**
 * The refusal of a machine's call whose ingest key names no AI server: unknown, rotated, or its AI
 * server deleted since the call was authenticated.
 */
export const unknownIngestKey = () =>
  new ApiError('401', { zh: '接入密钥无效', en: 'Unknown or rotated ingest key' });

/** A 400 naming every bad field; the message lists them all. */
export function badInput(problems: readonly FieldProblem[]): ApiError {
  const join = (lang: keyof LocalText, separator: string, glue: string) =>
    problems.map((p) => `${p.field}${separator}${p.message[lang]}`).join(glue);
  return new ApiError('400', { zh: join('zh', '：', '；'), en: join('en', ': ', '; ') }, problems);
}

/**
 * What checking a value sent as one part of a request (a multipart JSON part) failed with: a 400's
 * fields named under the part (`alert.cameraId`), as the caller sent them; any other error as is.
 */
export function underPart(part: string, error: unknown): unknown {
  if (!(error instanceof ApiError) || error.code !== '400' || error.fieldProblems.length === 0) return error;
  return badInput(error.fieldProblems.map((problem) => ({ ...problem, field: `${part}.${problem.field}` })));
}
