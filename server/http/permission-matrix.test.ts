import { beforeAll, describe, expect, it } from 'vitest';
import { createSampler } from '../test-support/contract-samples';
import { answersEventStream, openEventStream } from '../test-support/event-stream';
import {
  addRole,
  addUser,
  clientHeaders,
  contract,
  startTestApp,
  tokenHeader,
  type TestApp,
  afterSuite,
} from '../test-support/test-app';
import type { OperationSpec } from '../contract/load-contract';

// Computed from openapi.yaml: every operation with x-access, as each kind of caller sees it.
const guarded = contract.operations.filter((operation) => operation.access !== null);
const keys = [...new Set(guarded.map((operation) => operation.access as string))];
const sampler = createSampler(contract);
const password = 'Matrix1234';

/** Users per key: one holding only that key, one holding every key of the contract but that one. */
const holder = (key: string) => `holds-${keys.indexOf(key)}`;
const lacker = (key: string) => `lacks-${keys.indexOf(key)}`;

describe('permission matrix', () => {
  const cleanup = afterSuite();
  let t: TestApp;
  const tokens = new Map<string, string>();
  let revoked: string;

  beforeAll(async () => {
    t = await startTestApp({}, cleanup);
    for (const key of keys) {
      for (const [username, held] of [
        [holder(key), [key]],
        [lacker(key), contract.accessKeys.filter((other) => other !== key)],
      ] as const) {
        await addRole(t.dataDir, username, held);
        await addUser(t.dataDir, { username, password, roles: [username] });
        tokens.set(username, await t.signIn(username, password));
      }
    }
    revoked = await t.signIn(holder(keys[0] as string), password);
    expect((await t.call('logout', { token: revoked })).status).toBe(200);
    // Two users per access key, each password hashed and checked once (deliberately slow hashes):
    // over 10 s with another test file running beside it on two CPUs.
  }, 60_000);
  async function send(operation: OperationSpec, token: string | undefined) {
    const body = sampler.body(operation);
    const upload = sampler.upload(operation);
    const headers = {
      ...clientHeaders,
      ...(token === undefined ? {} : { [tokenHeader]: token }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...upload?.headers,
    };
    if (answersEventStream(operation)) {
      // A stream let in never ends: its status is all there is to read.
      const stream = await openEventStream(t.app, sampler.url(operation), headers);
      const answer = stream.status === 200 ? null : await stream.json();
      stream.close();
      return { statusCode: stream.status, json: () => answer as { msg: string } };
    }
    return t.app.inject({
      method: operation.method,
      url: sampler.url(operation),
      headers,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      ...(upload === undefined ? {} : { payload: upload.payload }),
    });
  }

  it('has guarded operations to check', () => {
    expect(guarded.length).toBeGreaterThan(0);
  });

  describe.each(guarded.map((operation) => [operation.operationId, operation] as const))(
    '%s',
    (_id, operation) => {
      const key = operation.access as string;

      it.each([
        ['no token', () => undefined],
        ['a revoked token', () => revoked],
        ['an unknown token', () => 'f'.repeat(64)],
      ])('answers 401 to %s', async (_case, token) => {
        const response = await send(operation, token());
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, code: '401' });
      });

      it('answers 403 to a user holding every key but its own', async () => {
        const response = await send(operation, tokens.get(lacker(key)));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ success: false, code: '403' });
        expect(response.json().msg).toContain(key);
      });

      it('lets in a user holding only its key', async () => {
        const response = await send(operation, tokens.get(holder(key)));
        expect([401, 403]).not.toContain(response.statusCode);
      });
    },
  );
});
