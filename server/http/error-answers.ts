import type { FastifyError, FastifyInstance } from 'fastify';
import { isDiskFull } from '../kernel/error-codes';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { ApiError, retryLater } from '../kernel/api-error';
import { errorEnvelope } from './envelope';
import { bodyErrorOf } from './json-body';
import { pickLang } from '../kernel/locale';

/** What a fault of the server's own is answered: its details stay in the log. */
export const internalError = () =>
  new ApiError('500', { zh: '服务器内部错误，请稍后重试', en: 'Internal server error; please retry later' });

// The operator's to fix, and the call works again once they have: nothing is left half-written.
const diskFull = () =>
  new ApiError('507', {
    zh: '服务器磁盘已满，请清理空间后重试',
    en: "The server's disk is full; free some space and retry",
  });

/**
 * The database is out of reach (restarting, a network cut): the call changed nothing and works again
 * once it is back, which a restart takes seconds for.
 */
const databaseUnavailable = () =>
  retryLater('503', 5000, (seconds) => ({
    zh: `数据库暂时无法访问，请 ${seconds} 秒后重试`,
    en: `The database is unavailable for now; retry in ${seconds} seconds`,
  }));

const badRequest = () => new ApiError('400', { zh: '请求不合法', en: 'Bad request' });

const noSuchOperation = () => new ApiError('404', { zh: '接口不存在', en: 'No such API operation' });

/**
 * Every failure of an API call is an envelope with a matching HTTP status; an unexpected error is
 * logged in full and answered as 500 without its details.
 */
export function answerErrorsAsEnvelopes(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.code === '500' || apiError.code === '507')
      request.log.error({ err: error }, 'request failed');
    else if (isDatabaseUnavailable(error)) request.log.warn(`request failed: ${error.message}`);
    if (apiError.retryAfterSeconds !== undefined) reply.header('retry-after', apiError.retryAfterSeconds);
    return reply
      .code(apiError.httpStatus)
      .send(errorEnvelope(apiError, pickLang(request.headers['accept-language'])));
  });
}

/** For a path under the API base that names no operation. */
export function noSuchOperationEnvelope(acceptLanguage: string | undefined) {
  return errorEnvelope(noSuchOperation(), pickLang(acceptLanguage));
}

/** The answer any thrown error stands for. */
export function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  const bodyError = bodyErrorOf(error);
  if (bodyError) return bodyError;
  if (isDiskFull(error)) return diskFull();
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  // Fastify's own rejections of a malformed request (bad URL encoding, bad headers...).
  if (error.code?.startsWith('FST_') && error.statusCode !== undefined && error.statusCode < 500)
    return badRequest();
  return internalError();
}
