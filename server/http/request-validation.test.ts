import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TYPE_SCHEME } from '../contract/load-contract';
import { createSampler } from '../test-support/contract-samples';
import {
  aiServerIngestKey,
  clientHeaders,
  contract,
  ingestKeyHeader,
  operation,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type TestApp,
  afterSuite,
} from '../test-support/test-app';

interface BadCase {
  readonly operationId: string;
  readonly name: string;
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly contentType?: string;
  readonly query?: string;
  readonly dropHeader?: string;
  /** field → Chinese reason */
  readonly expected: Record<string, string>;
}

const tooLong = (length: number) => 'a'.repeat(length);

/** A good body per operation, so a case about headers fails on the headers alone. */
const goodBodies: Record<string, unknown> = {
  loginByPassword: { username: 'admin', password: testAdminPassword },
  loginBySms: { phone: '13800138000', code: '123456' },
  sendSmsCode: { phone: '13800138000' },
  changePassword: { oldPassword: testAdminPassword, newPassword: 'Better1234' },
};

const sampler = createSampler(contract);
const goodBody = (operationId: string) => goodBodies[operationId] ?? sampler.body(operation(operationId));

const [typeHeader, hostHeader] = Object.keys(clientHeaders) as [string, string];

const cases: BadCase[] = [
  // loginByPassword
  {
    operationId: 'loginByPassword',
    name: 'missing fields',
    body: {},
    expected: { username: '必填', password: '必填' },
  },
  {
    operationId: 'loginByPassword',
    name: 'wrong types',
    body: { username: 7, password: ['x'] },
    expected: { username: '应为字符串', password: '应为字符串' },
  },
  {
    operationId: 'loginByPassword',
    name: 'over-long values',
    body: { username: tooLong(33), password: tooLong(129) },
    expected: { username: '长度不能超过 32 个字符', password: '长度不能超过 128 个字符' },
  },
  {
    operationId: 'loginByPassword',
    name: 'a bad pattern and an empty password',
    body: { username: 'no spaces!', password: '' },
    expected: { username: '格式不正确', password: '长度不能少于 1 个字符' },
  },
  {
    operationId: 'loginByPassword',
    name: 'an unknown field',
    body: { username: 'admin', password: testAdminPassword, remember: true },
    expected: { remember: '不允许的字段' },
  },
  // loginBySms
  { operationId: 'loginBySms', name: 'missing fields', body: {}, expected: { phone: '必填', code: '必填' } },
  {
    operationId: 'loginBySms',
    name: 'wrong types',
    body: { phone: 13800138000, code: 123456 },
    expected: { phone: '应为字符串', code: '应为字符串' },
  },
  {
    operationId: 'loginBySms',
    name: 'over-long values',
    body: { phone: '138001380001', code: '1234567' },
    expected: { phone: '格式不正确', code: '格式不正确' },
  },
  {
    operationId: 'loginBySms',
    name: 'bad patterns',
    body: { phone: '12800138000', code: '12a456' },
    expected: { phone: '格式不正确', code: '格式不正确' },
  },
  {
    operationId: 'loginBySms',
    name: 'an unknown field',
    body: { phone: '13800138000', code: '123456', username: 'admin' },
    expected: { username: '不允许的字段' },
  },
  // sendSmsCode
  { operationId: 'sendSmsCode', name: 'a missing field', body: {}, expected: { phone: '必填' } },
  {
    operationId: 'sendSmsCode',
    name: 'a wrong type',
    body: { phone: null },
    expected: { phone: '应为字符串' },
  },
  {
    operationId: 'sendSmsCode',
    name: 'an over-long value',
    body: { phone: '1380013800099' },
    expected: { phone: '格式不正确' },
  },
  {
    operationId: 'sendSmsCode',
    name: 'a body that is no object',
    body: ['13800138000'],
    expected: { body: '应为对象' },
  },
  {
    operationId: 'sendSmsCode',
    name: 'an unknown field',
    body: { phone: '13800138000', captcha: 'x' },
    expected: { captcha: '不允许的字段' },
  },
  // changePassword
  {
    operationId: 'changePassword',
    name: 'missing fields',
    body: {},
    expected: { oldPassword: '必填', newPassword: '必填' },
  },
  {
    operationId: 'changePassword',
    name: 'wrong types',
    body: { oldPassword: 1, newPassword: { value: 'x' } },
    expected: { oldPassword: '应为字符串', newPassword: '应为字符串' },
  },
  {
    operationId: 'changePassword',
    name: 'over-long values',
    body: { oldPassword: tooLong(129), newPassword: `${tooLong(64)}1` },
    expected: { oldPassword: '长度不能超过 128 个字符', newPassword: '长度不能超过 64 个字符' },
  },
  {
    operationId: 'changePassword',
    name: 'a new password without digits',
    body: { oldPassword: testAdminPassword, newPassword: 'abcdefghij' },
    expected: { newPassword: '格式不正确' },
  },
  {
    operationId: 'changePassword',
    name: 'an unknown field',
    body: { oldPassword: testAdminPassword, newPassword: 'Better1234', confirm: 'Better1234' },
    expected: { confirm: '不允许的字段' },
  },
  // operations without a body or query
  { operationId: 'logout', name: 'a body', body: { all: true }, expected: { body: '此接口不接受请求体' } },
  {
    operationId: 'getCurrentUser',
    name: 'an unknown query parameter',
    query: 'debug=1',
    expected: { 'query.debug': '不允许的字段' },
  },
  // every operation: client headers, malformed JSON, wrong media type, oversized body
  ...contract.operations.flatMap(({ operationId, requestBody, securitySchemes }): BadCase[] => [
    // The console's headers; an AI server's ingest calls carry its key instead.
    ...(securitySchemes.includes(CLIENT_TYPE_SCHEME) ? [typeHeader, hostHeader] : []).map((header) => ({
      operationId,
      name: `no ${header} header`,
      body: goodBody(operationId),
      dropHeader: header,
      expected: { [`header.${header}`]: '必填' },
    })),
    ...(securitySchemes.includes(CLIENT_TYPE_SCHEME)
      ? []
      : [
          {
            operationId,
            name: 'an unknown query parameter',
            body: goodBody(operationId),
            query: 'debug=1',
            expected: { 'query.debug': '不允许的字段' },
          },
        ]),
    ...(requestBody
      ? [
          {
            operationId,
            name: 'malformed JSON',
            rawBody: '{"phone": ',
            expected: { body: '不是合法的 JSON' },
          },
          {
            operationId,
            name: 'a form body',
            rawBody: 'phone=13800138000',
            contentType: 'application/x-www-form-urlencoded',
            expected: { body: '必须是 JSON（Content-Type: application/json）' },
          },
          {
            operationId,
            name: 'a body over 64 KB',
            rawBody: JSON.stringify({ phone: tooLong(70 * 1024) }),
            expected: { body: '不能超过 64 KB' },
          },
          { operationId, name: 'no body', expected: { body: '必填' } },
        ]
      : []),
  ]),
];

describe('bad input', () => {
  // Rejected calls write nothing, so one app serves every case (each checks the rows itself).
  const cleanup = afterSuite();
  let t: TestApp;
  let token: string;
  let ingestKey: string;
  beforeAll(async () => {
    t = await startTestApp({}, cleanup);
    token = await t.signIn('admin', testAdminPassword);
    ingestKey = await aiServerIngestKey(t, token);
  });
  it('covers every operation of the contract', () => {
    const covered = new Set(cases.map((c) => c.operationId));
    expect([...covered].sort()).toEqual(contract.operations.map((op) => op.operationId).sort());
  });

  it.each(cases.map((c) => [`${c.operationId}: ${c.name}`, c] as const))(
    '%s → 400 naming each field, nothing written',
    async (_title, badCase) => {
      const { method } = operation(badCase.operationId);
      const url = sampler.url(operation(badCase.operationId));
      const headers: Record<string, string> = Object.fromEntries(
        Object.entries({ ...clientHeaders, [tokenHeader]: token, [ingestKeyHeader]: ingestKey }).filter(
          ([name]) => name !== badCase.dropHeader,
        ),
      );
      const payload =
        badCase.rawBody ?? (badCase.body === undefined ? undefined : JSON.stringify(badCase.body));
      if (payload !== undefined) headers['content-type'] = badCase.contentType ?? 'application/json';
      const before = snapshotRows(t.dataDir);

      for (const lang of ['zh-CN', 'en-US']) {
        const response = await t.app.inject({
          method,
          // The sampled URL holds the operation's required query parameters, if it has any.
          url: badCase.query ? `${url}${url.includes('?') ? '&' : '?'}${badCase.query}` : url,
          headers: { ...headers, 'accept-language': lang },
          ...(payload === undefined ? {} : { payload }),
        });
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body).toMatchObject({ success: false, code: '400' });
        const errors = body.data.errors as { field: string; message: string }[];
        expect(errors.map((e) => e.field).sort()).toEqual(Object.keys(badCase.expected).sort());
        if (lang === 'zh-CN') {
          expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual(badCase.expected);
          expect(body.msg).toBe(errors.map((e) => `${e.field}：${e.message}`).join('；'));
        } else {
          expect(body.msg).toBe(errors.map((e) => `${e.field}: ${e.message}`).join('; '));
          expect(body.msg).not.toMatch(/[\u4e00-\u9fff]/);
        }
      }
      expect(snapshotRows(t.dataDir)).toEqual(before);
    },
  );
});
