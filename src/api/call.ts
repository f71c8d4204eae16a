import { localeStore, translate } from '../i18n/locale-store';
import { messages } from '../i18n/messages';
import type { LocalText } from '../generated/settings';
import type { Envelope, SuccessEnvelope } from '../generated/envelope';
import { BusinessError, RequestError, getFieldErrors } from './errors';

export type { Envelope } from '../generated/envelope';

// What openapi-fetch resolves to. Its Readable<> type drops properties typed `null` (an empty
// envelope's data), hence the optional data; such calls resolve to unknown (null at run time).
export type ApiAnswer<T> = Promise<{
  data?: Omit<SuccessEnvelope<T>, 'data'> & { readonly data?: T };
  error?: unknown;
  response: Response;
}>;

export interface RequestEffects {
  toastError(text: string): void;
  goToLogin(): void;
  isOnLoginPage(): boolean;
}

export interface CallOptions {
  /** The caller handles failures itself: no toast, no navigation; the error is still thrown. */
  readonly skipErrorHandler?: boolean;
  /**
   * The fields of the calling form, which shows the server's field messages (`data.errors`, see
   * getFieldErrors) under them. An error all of whose field messages name these fields is told
   * there only: a toast repeating it would be noise. One naming any other field, or none, is
   * toasted as usual, and so is every other failure.
   */
  readonly formFields?: readonly string[];
  /** The caller's cancel: a call failing after it aborted is not reported (nobody waits for it). */
  readonly signal?: AbortSignal;
}

const successCode = '0';
const sessionExpiredCode = '401';
const longestToastText = 300;

// Until the session registers the app's toast and navigation, failures are only logged.
let effects: RequestEffects = {
  toastError: (text) => console.error(text),
  goToLogin: () => undefined,
  isOnLoginPage: () => false,
};

/** Injects how failures reach the user (toast) and how a 401 reaches the login page. */
export function configureRequestEffects(next: RequestEffects): void {
  effects = next;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const { code, success } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof success === 'boolean';
}

function bodyText(body: unknown): string {
  if (body === undefined || body === null) return '';
  return typeof body === 'string' ? body.trim() : JSON.stringify(body);
}

function shorten(text: string): string {
  return text.length > longestToastText ? `${text.slice(0, longestToastText)}…` : text;
}

async function settle<T>(pending: ApiAnswer<T>): Promise<T> {
  const { data, error, response } = await pending;
  const body: unknown = response.ok ? data : error;
  if (isEnvelope(body)) {
    if (body.code === successCode && body.success) return body.data as T;
    throw new BusinessError(body.code, body.msg, body.data);
  }
  if (!response.ok) {
    const text = bodyText(body) || `${response.status} ${response.statusText}`.trim();
    throw new RequestError('http', text, { status: response.status });
  }
  throw new RequestError('unexpected', `The answer of ${response.url} is not an envelope`);
}

function asCallError(error: unknown): BusinessError | RequestError {
  if (error instanceof BusinessError || error instanceof RequestError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new RequestError('unexpected', reason, { cause: error });
}

function say(text: LocalText): string {
  return translate(text, localeStore.get());
}

/** Whether the form shows every field message of the error, and there is at least one. */
function toldOnForm(error: BusinessError, formFields: readonly string[]): boolean {
  const named = Object.keys(getFieldErrors(error));
  return named.length > 0 && named.every((field) => formFields.includes(field));
}

// How each kind of failure reaches the user (docs/architecture.md, fixed rules), one branch each.
function report(error: BusinessError | RequestError, formFields: readonly string[]): void {
  if (error instanceof BusinessError) {
    if (error.code === sessionExpiredCode) {
      effects.toastError(say(messages.loginExpired));
      if (!effects.isOnLoginPage()) effects.goToLogin();
    } else if (!toldOnForm(error, formFields)) {
      effects.toastError(error.msg || say(messages.requestError));
    }
    return;
  }
  if (error.kind === 'http') effects.toastError(shorten(error.message));
  else if (error.kind === 'no-response') effects.toastError(say(messages.noResponse));
  else effects.toastError(say(messages.requestError));
}

/**
 * Resolves an api call to its envelope's data. Failures throw BusinessError or RequestError
 * after the standard handling (toast, 401 to login) unless `skipErrorHandler`;
 * `formFields` leaves out the toast of field messages the calling form shows.
 */
export async function call<T>(pending: ApiAnswer<T>, options: CallOptions = {}): Promise<T> {
  try {
    return await settle(pending);
  } catch (raw) {
    const error = asCallError(raw);
    if (!options.skipErrorHandler && !options.signal?.aborted) report(error, options.formFields ?? []);
    throw error;
  }
}
