import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Contract, OperationSpec } from '../contract/load-contract';
import { operationFinder } from '../observability/operation-names';
import { checkAnswersOf, contractAnswerCheck, type Answer } from './contract-answers';
import { contract } from './test-app';

const check = contractAnswerCheck(contract);

const operationIn = (operations: Contract, operationId: string): OperationSpec => {
  const found = operations.operations.find((operation) => operation.operationId === operationId);
  if (!found) throw new Error(`openapi.yaml has no ${operationId}`);
  return found;
};

/** A JSON answer of the operation the router reached (null: none of the contract's). */
const json = (
  operationId: string | null,
  method: string,
  url: string,
  status: number,
  body: unknown,
): Answer => ({
  operation: operationId === null ? null : operationIn(contract, operationId),
  method,
  url,
  status,
  contentType: 'application/json; charset=utf-8',
  text: JSON.stringify(body),
});

const signedOut = { success: false, code: '401', msg: '未登录 / Not signed in', data: null };

/**
 * A bare Fastify app with `routes`, whose injects are checked: after its routes, as a test app's
 * check comes after createApp.
 */
function checkedApp(routes: (app: FastifyInstance) => void) {
  const app = Fastify();
  onTestFinished(() => app.close());
  routes(app);
  checkAnswersOf(app, operationFinder(contract), check);
  return app;
}

describe('the contract answer check', () => {
  it('passes answers openapi.yaml declares, the error envelope among them', () => {
    expect(
      check(json('logout', 'POST', '/cfop/logout', 200, { success: true, code: '0', msg: '', data: null })),
    ).toBeNull();
    expect(check(json('getCurrentUser', 'GET', '/cfop/user/info', 401, signedOut))).toBeNull();
    expect(check(json('exportCameras', 'GET', '/cfop/cameras/export?sort=name', 401, signedOut))).toBeNull();
    const csv = {
      operation: operationIn(contract, 'exportCameras'),
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
      json('logout', 'POST', '/cfop/logout', 200, { success: true, code: '0', msg: 7, data: null }),
    );
    expect(problem).toMatch(
      /^logout \(POST \/cfop\/logout\) answered 200: its body breaks the response schema/,
    );
    expect(problem).toContain('/msg must be string');
  });

  it('checks an error answer against the error envelope', () => {
    const problem = check(
      json('getCamera', 'GET', '/cfop/cameras/3', 404, { success: false, code: '404', data: null }),
    );
    expect(problem).toMatch(
      /^getCamera \(GET \/cfop\/cameras\/3\) answered 404: .*must have required property 'msg'/,
    );
  });

  it('refuses a field an envelope does not declare, declared or made from x-resource', () => {
    const page = { items: [], total: 0, totalCapped: false, page: 1, pageSize: 20 };
    for (const operationId of ['listRoles', 'listStaff']) {
      const stray = { success: true, code: '0', msg: '', data: page, requestId: 'r-1' };
      expect(check(json(operationId, 'GET', '/cfop/any', 200, stray))).toContain(
        'must NOT have additional properties',
      );
      expect(
        check(json(operationId, 'GET', '/cfop/any', 200, { ...stray, requestId: undefined })),
      ).toBeNull();
    }
  });

  it('refuses a field the error envelope does not declare, in the envelope or its data', () => {
    const bad = { success: false, code: '400', msg: '参数错误 / Bad input', data: null };
    const problemOf = (body: unknown) => check(json('getCamera', 'GET', '/cfop/cameras/3', 400, body));
    expect(problemOf(bad)).toBeNull();
    expect(problemOf({ ...bad, stack: 'Error: at …' })).toContain('must NOT have additional properties');
    const errors = [{ field: 'name', message: '必填 / required' }];
    expect(problemOf({ ...bad, data: { errors } })).toBeNull();
    expect(problemOf({ ...bad, data: { errors, cause: 'x' } })).toContain('/data');
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
    const logout = operationIn(onlyOk, 'logout');
    expect(checkOnlyOk({ ...json(null, 'POST', '/cfop/logout', 401, signedOut), operation: logout })).toBe(
      'logout (POST /cfop/logout) answered 401: openapi.yaml does not declare that status (it declares 200)',
    );
    const bare = {
      operation: logout,
      method: 'POST',
      url: '/cfop/logout',
      status: 200,
      contentType: undefined,
      text: '',
    };
    expect(checkOnlyOk(bare)).toBeNull();
    expect(checkOnlyOk({ ...bare, contentType: 'text/plain', text: 'ok' })).toBe(
      'logout (POST /cfop/logout) answered 200: it has a body, openapi.yaml declares none',
    );
  });

  it('leaves alone an answer of no operation of the contract', () => {
    expect(check(json(null, 'GET', '/cfop/no-such-thing', 404, { anything: true }))).toBeNull();
  });

  it('fails the inject of an app whose answer breaks the contract', async () => {
    const app = checkedApp((routes) =>
      routes.get('/cfop/user/info', async () => ({ success: true, code: '0', msg: '', data: { id: 'one' } })),
    );
    await expect(app.inject({ url: '/cfop/user/info' })).rejects.toThrow(
      /^getCurrentUser \(GET \/cfop\/user\/info\) answered 200: its body breaks the response schema: \/data/,
    );
    expect((await app.inject({ url: '/cfop/elsewhere' })).statusCode).toBe(404);
  });

  it('checks the operation the router reached: a fixed segment before a parameter', async () => {
    const app = checkedApp((routes) => {
      routes.get('/cfop/cameras/:id', async () => ({ anything: true }));
      routes.get('/cfop/cameras/export', async (_request, reply) => reply.type('text/html').send('<p>'));
    });
    await expect(app.inject({ url: '/cfop/cameras/export' })).rejects.toThrow(
      'exportCameras (GET /cfop/cameras/export) answered 200: its content type is text/html, openapi.yaml declares text/csv',
    );
  });

  it('leaves alone what the contract does not speak of: other routes, other methods, HEAD', async () => {
    const app = checkedApp((routes) => {
      routes.get('/cfop/user/info', async () => ({ anything: true }));
      routes.get('/assets/*', async (_request, reply) => reply.type('text/javascript').send(''));
    });
    expect((await app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PATCH', url: '/cfop/cameras/3' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/cfop/user/info' })).statusCode).toBe(200);
  });
});
