import type { FastifyError, FastifyInstance } from 'fastify';
import { badInput, type ApiError } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';

export const bodyLimitBytes = 64 * 1024;

/**
 * JSON is the only body the API accepts. An empty body counts as no body, so a call without
 * payload may still carry `Content-Type: application/json`.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' hands a string; the parser's type also admits a Buffer.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, undefined);
    // Fastify's default parser answers through done and returns nothing; its type also admits
    // the promise-returning form of a parser.
    else void parseJson(request, text, done);
  });
}

/** What a body that is not JSON is told (an upload's multipart body sent to another operation too). */
export const mustBeJson: LocalText = {
  zh: '必须是 JSON（Content-Type: application/json）',
  en: 'must be JSON (Content-Type: application/json)',
};

const bodyProblems: Record<string, LocalText> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { zh: '不是合法的 JSON', en: 'is not valid JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    zh: `不能超过 ${bodyLimitBytes / 1024} KB`,
    en: `must be at most ${bodyLimitBytes / 1024} KB`,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: mustBeJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    zh: '长度与 Content-Length 不符',
    en: 'does not match its Content-Length',
  },
};

/** Fastify's own body errors (parse, size, media type) as a 400 naming the body. */
export function bodyErrorOf(error: FastifyError): ApiError | null {
  const message = bodyProblems[error.code];
  return message ? badInput([{ field: 'body', message }]) : null;
}
