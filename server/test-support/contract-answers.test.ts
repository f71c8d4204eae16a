import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Contract } from '../contract/load-contract';
import { checkAnswersOf, contractAnswerCheck, type Answer } from './contract-answers';
import { contract } from './test-app';

const check = contractAnswerCheck(contract);

const json = (method: string, url: string, status: number, body: unknown): Answer => ({
  method,
  url,
  status,
  contentType: 'application/json; charset=utf-8',
  text: JSON.stringify(body),
});

const signedOut = { success: false, code: '401', msg: '未登录 / Not signed in', data: null };

describe('the contract answer check', () => {
  it('passes answers openapi.yaml declares, the error envelope among them', () => {
    expect(
      check(json('POST', '/cfop/logout', 200, { success: true, code: '0', msg: '', data: null })),
    ).toBeNull();
    expect(check(json('GET', '/cfop/user/info', 401, signedOut))).toBeNull();
    expect(check(json('GET', '/cfop/cameras/export?sort=name', 401, signedOut))).toBeNull();
    const csv = {
      method: 'GET',
      url: '/cfop/cameras/export',
      status: 200,
      contentType: 'text/csv',
      text: 'a\n',
    };
    expect(check(csv)).toBeNull();
  });

  it('names the operation, the status and the path in the body a wrong answer breaks', () => {
    const problem = check(
      json('POST', '/cfop/logout', 200, { success: true, code: '0', msg: 7, data: null }),
    );
    expect(problem).toMatch(
      /^logout \(POST \/cfop\/logout\) answered 200: its body breaks the response schema/,
    );
    expect(problem).toContain('/msg must be string');
  });

  it('checks an error answer against the error envelope', () => {
    const problem = check(json('GET', '/cfop/cameras/3', 404, { success: false, code: '404', data: null }));
    expect(problem).toMatch(
      /^getCamera \(GET \/cfop\/cameras\/3\) answered 404: .*must have required property 'msg'/,
    );
  });

  it('routes a fixed segment before a parameter, as the server does', () => {
    const problem = check({
      method: 'GET',
      url: '/cfop/cameras/export',
      status: 200,
      contentType: 'text/html',
      text: '',
    });
    expect(problem).toBe(
      'exportCameras (GET /cfop/cameras/export) answered 200: its content type is text/html, openapi.yaml declares text/csv',
    );
  });

  it('refuses a status the operation does not declare, and a body where it declares none', () => {
    const onlyOk: Contract = {
      ...contract,
      operations: contract.operations.map((operation) =>
        operation.operationId === 'logout'
          ? { ...operation, responses: { '200': { content: {} } } }
          : operation,
      ),
    };
    const checkOnlyOk = contractAnswerCheck(onlyOk);
    expect(checkOnlyOk(json('POST', '/cfop/logout', 401, signedOut))).toBe(
      'logout (POST /cfop/logout) answered 401: openapi.yaml does not declare that status (it declares 200)',
    );
    const bare = { method: 'POST', url: '/cfop/logout', status: 200, contentType: undefined, text: '' };
    expect(checkOnlyOk(bare)).toBeNull();
    expect(checkOnlyOk({ ...bare, contentType: 'text/plain', text: 'ok' })).toBe(
      'logout (POST /cfop/logout) answered 200: it has a body, openapi.yaml declares none',
    );
  });

  it('leaves alone what the contract does not speak of', () => {
    expect(check(json('GET', '/cfop/no-such-thing', 404, { anything: true }))).toBeNull();
    expect(check(json('PATCH', '/cfop/cameras/3', 404, { anything: true }))).toBeNull();
    expect(
      check({ method: 'GET', url: '/assets/app.js', status: 200, contentType: 'text/javascript', text: '' }),
    ).toBeNull();
    expect(
      check({ method: 'HEAD', url: '/cfop/user/info', status: 200, contentType: undefined, text: '' }),
    ).toBeNull();
  });

  it('fails the inject of an app whose answer breaks the contract', async () => {
    const app = Fastify();
    onTestFinished(() => app.close());
    app.get('/cfop/user/info', async () => ({ success: true, code: '0', msg: '', data: { id: 'one' } }));
    checkAnswersOf(app, check);
    await expect(app.inject({ url: '/cfop/user/info' })).rejects.toThrow(
      /^getCurrentUser \(GET \/cfop\/user\/info\) answered 200: its body breaks the response schema: \/data/,
    );
    expect((await app.inject({ url: '/cfop/elsewhere' })).statusCode).toBe(404);
  });
});
