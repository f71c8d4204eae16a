import type { ApiError } from './api-error';
import type { Lang } from './locale';

/** The answer shape of every /cfop call (openapi.yaml components.schemas.*Envelope). */
export interface Envelope<T> {
  readonly success: boolean;
  readonly code: string;
  readonly msg: string;
  readonly data: T;
}

export function okEnvelope<T>(data: T): Envelope<T> {
  return { success: true, code: '0', msg: 'ok', data };
}

export function errorEnvelope(
  error: ApiError,
  lang: Lang,
): Envelope<{ errors: { field: string; message: string }[] } | null> {
  const errors = error.fieldProblems.map((p) => ({ field: p.field, message: p.message[lang] }));
  return {
    success: false,
    code: error.code,
    msg: error.text[lang],
    data: errors.length > 0 ? { errors } : null,
  };
}
