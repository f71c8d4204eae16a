import type { FailureEnvelope, SuccessEnvelope } from '../../src/generated/envelope';
import type { ApiError } from '../kernel/api-error';
import type { Lang } from '../kernel/locale';

export function okEnvelope<T>(data: T): SuccessEnvelope<T> {
  return { success: true, code: '0', msg: 'ok', data };
}

export function errorEnvelope(error: ApiError, lang: Lang): FailureEnvelope {
  const errors = error.fieldProblems.map((p) => ({ field: p.field, message: p.message[lang] }));
  return {
    success: false,
    code: error.code,
    msg: error.text[lang],
    data: errors.length > 0 ? { errors } : null,
  };
}
