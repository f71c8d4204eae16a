import { Ajv2020 } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { describeAjvErrors } from './validation-messages';

/** A body of one of two fields, as the second factor's sign-in takes a code or a recovery code. */
const oneOfTwo = new Ajv2020({ allErrors: true, verbose: true }).compile({
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  minProperties: 2,
  maxProperties: 2,
  description: 'The token and either a code or a recovery code.',
  properties: { token: { type: 'string' }, code: { type: 'string' }, recoveryCode: { type: 'string' } },
});

function problemsOf(body: unknown) {
  expect(oneOfTwo(body)).toBe(false);
  return describeAjvErrors(oneOfTwo.errors ?? [], { prefix: '', rootName: 'body' });
}

describe('validation messages', () => {
  it('names a count of fields only when nothing else is wrong', () => {
    expect(problemsOf({ token: 't', code: 'c', recoveryCode: 'r' })).toEqual([
      {
        field: 'body',
        message: {
          zh: '最多 2 个字段',
          en: 'must have at most 2 fields (The token and either a code or a recovery code.)',
        },
      },
    ]);
    expect(problemsOf({ token: 't' })).toEqual([
      {
        field: 'body',
        message: {
          zh: '至少需要 2 个字段',
          en: 'must have at least 2 fields (The token and either a code or a recovery code.)',
        },
      },
    ]);
    expect(problemsOf({ token: 't', code: 'c', extra: 1 }).map((p) => p.field)).toEqual(['extra']);
    expect(
      problemsOf({ code: 1 })
        .map((p) => p.field)
        .sort(),
    ).toEqual(['code', 'token']);
  });
});
