import { beforeAll, describe, expect, it } from 'vitest';
import { signSnapshotLink } from '../alerts/snapshot-link';
import { randomBytes } from 'node:crypto';
import { createSampler } from '../test-support/contract-samples';
import { answersEventStream, openEventStream } from '../test-support/event-stream';
import {
  addRole,
  addUser,
  clientHeaders,
  contract,
  ingestKeyHeader,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type TestApp,
  afterSuite,
} from '../test-support/test-app';
import type { OperationSpec } from '../contract/load-contract';
import { accessKeyOf } from '../../contract/operation-access';
import { scaled } from '../../test-support/test-timeouts';

// Computed from openapi.yaml: every operation, as each kind of caller sees it, by the access it
// declares (loadContract refuses an operation declaring none).
const keys = [...new Set(contract.operations.flatMap((operation) => accessKeyOf(operation.access) ?? []))];
const sampler = createSampler(contract);
const password = 'Matrix1234';
/** A signed-in user holding no key at all: what `x-open: signed-in` operations let in. */
const keyless = 'holds-none';

/** Users per key: one holding only that key, one holding every key of the contract but that one. */
const holder = (key: string) => `holds-${keys.indexOf(key)}`;
const lacker = (key: string) => `lacks-${keys.indexOf(key)}`;

describe('permission matrix', () => {
  const cleanup = afterSuite();
  let t: TestApp;
  // The key the server signs its snapshot links with, known to the test as to a message's sender.
  const linkSecret = randomBytes(32);
  const tokens = new Map<string, string>();
  let revoked: string;
  /** A user's session holding every key, which no machine operation takes. */
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp({ snapshotLinks: { secret: linkSecret } }, cleanup);
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
    await addUser(t.dataDir, { username: keyless, password, roles: [] });
    adminToken = await t.signIn('admin', testAdminPassword);
    revoked = await t.signIn(holder(keys[0] as string), password);
    expect((await t.call('logout', { token: revoked })).status).toBe(200);
    // Two users per access key, each password hashed and checked once (deliberately slow hashes):
    // over 10 s with another test file running beside it on two CPUs.
  }, scaled(60_000));
  /**
   * What a caller of an operation open to whoever holds a link the server signed sends: a good link
   * (to file 1, which is none: 404), as a message's receiver does. A forged one is refused by design.
   */
  function signedLinkQuery(operation: OperationSpec): Record<string, string> {
    if (operation.operationId !== 'getSharedAlertSnapshot') return {};
    const links = { secret: linkSecret, lifetimeMs: 3_600_000 };
    const { expires, signature } = signSnapshotLink(links, 1, t.clock.now());
    return { expires: String(expires), signature };
  }

  async function send(operation: OperationSpec, auth: { token?: string; ingestKey?: string } = {}) {
    const body = sampler.body(operation);
    const upload = sampler.upload(operation);
    const headers = {
      ...clientHeaders,
      ...(auth.token === undefined ? {} : { [tokenHeader]: auth.token }),
      ...(auth.ingestKey === undefined ? {} : { [ingestKeyHeader]: auth.ingestKey }),
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
      url: sampler.url(operation, {}, signedLinkQuery(operation)),
      headers,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      ...(upload === undefined ? {} : { payload: upload.payload }),
    });
  }

  const expectStatus = (response: { statusCode: number; json(): { msg: string } }, code: '401' | '403') => {
    expect(response.statusCode).toBe(Number(code));
    expect(response.json()).toMatchObject({ success: false, code });
  };

  function keyedCases(operation: OperationSpec, key: string): void {
    it.each([
      ['no token', () => undefined],
      ['a revoked token', () => revoked],
      ['an unknown token', () => 'f'.repeat(64)],
    ])('answers 401 to %s', async (_case, token) => {
      expectStatus(await send(operation, { token: token() }), '401');
    });

    it('answers 403 to a user holding every key but its own', async () => {
      const response = await send(operation, { token: tokens.get(lacker(key)) });
      expectStatus(response, '403');
      expect(response.json().msg).toContain(key);
    });

    it('lets in a user holding only its key', async () => {
      const response = await send(operation, { token: tokens.get(holder(key)) });
      expect([401, 403]).not.toContain(response.statusCode);
    });
  }

  function signedInCases(operation: OperationSpec): void {
    it('answers 401 without a token', async () => {
      expectStatus(await send(operation), '401');
    });

    it('lets in a signed-in user holding no key at all', async () => {
      // A session of its own: signing out (one of these operations) ends the session it is sent with.
      const response = await send(operation, { token: await t.signIn(keyless, password) });
      expect([401, 403]).not.toContain(response.statusCode);
    });
  }

  function anyoneCases(operation: OperationSpec): void {
    it('lets in a caller without a token', async () => {
      const response = await send(operation);
      expect([401, 403]).not.toContain(response.statusCode);
    });
  }

  function machineCases(operation: OperationSpec): void {
    it('answers 401 without an ingest key', async () => {
      expectStatus(await send(operation), '401');
    });

    it("answers 401 to a user's session token alone, even one holding every key", async () => {
      expectStatus(await send(operation, { token: adminToken }), '401');
    });
  }

  it('covers operations of every kind of access', () => {
    const kinds = new Set(contract.operations.map((operation) => operation.access.kind));
    expect([...kinds].sort()).toEqual(['anyone', 'key', 'machine', 'signed-in']);
  });

  describe.each(
    contract.operations.map(
      (operation) => [operation.operationId, operation.access.kind, operation] as const,
    ),
  )('%s (%s)', (_id, _kind, operation) => {
    const { access } = operation;
    switch (access.kind) {
      case 'key':
        return keyedCases(operation, access.key);
      case 'signed-in':
        return signedInCases(operation);
      case 'anyone':
        return anyoneCases(operation);
      case 'machine':
        return machineCases(operation);
    }
  });
});
