import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../db/database-unavailable';
import { toApiError } from './error-answers';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('toApiError', () => {
  it('answers the database out of reach as 503 with a wait, also when wrapped by the code that met it', () => {
    const unavailable = new DatabaseUnavailableError(refused);
    const wrapped = new Error('reading the session failed', { cause: unavailable });
    for (const error of [unavailable, wrapped]) {
      const answer = toApiError(error as FastifyError);
      expect(answer).toMatchObject({ code: '503', httpStatus: 503, retryAfterSeconds: 5 });
      expect(answer.text).toEqual({
        zh: '数据库暂时无法访问，请 5 秒后重试',
        en: 'The database is unavailable for now; retry in 5 seconds',
      });
    }
  });

  it("keeps pg's own error of a reachable database a 500: its statement, not the database, is at fault", () => {
    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });
    expect(toApiError(syntax as FastifyError).code).toBe('500');
    // A refusal met outside the pool (no DatabaseUnavailableError) says nothing of the database.
    expect(toApiError(refused as FastifyError).code).toBe('500');
  });
});
