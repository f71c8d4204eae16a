import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { readBilingual } from '../kernel/locale';
import { tempDir } from '../test-support/test-app';
import { reopenParkingLot, parkingLotReopenPath } from '../test-support/parking-lot-operation';
import { ContractError } from '../../contract/contract-error';
import { defaultOpenApiPath, loadContract } from './load-contract';
import type { OpenApiDocument, OperationObject } from '../../contract/openapi-types';

const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function readDocument(): OpenApiDocument {
  return parse(readFileSync(defaultOpenApiPath, 'utf8')) as OpenApiDocument;
}

/** Every operation as written in the file, not as the loader reads it: `METHOD /path`. */
function operationsOf(document: OpenApiDocument): [string, OperationObject][] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    httpMethods
      .filter((method) => item[method] !== undefined)
      .map((method): [string, OperationObject] => [
        `${method.toUpperCase()} ${path}`,
        item[method] as OperationObject,
      ]),
  );
}

// The operation log names what was done by the summary; an operation without one would be logged
// under its bare operationId.
describe('openapi.yaml operation summaries', () => {
  const operations = operationsOf(readDocument());

  it('lists operations', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  it.each(operations)('%s has a summary in the form "中文 / English"', (_, operation) => {
    expect(readBilingual(operation.summary ?? ''), `summary: ${String(operation.summary)}`).not.toBeNull();
  });

  it('are what the loader keeps, in both languages', () => {
    const byId = new Map(loadContract().operations.map((operation) => [operation.operationId, operation]));
    for (const [, operation] of operations) {
      expect(byId.get(operation.operationId ?? '')?.summary).toEqual(readBilingual(operation.summary ?? ''));
    }
    expect(byId.get('createAiServer')?.summary).toEqual({ zh: '新增AI服务器', en: 'Add an AI server' });
  });

  it.each([
    ['missing', undefined],
    ['English only', 'Add an AI server'],
    ['Chinese only', '新增AI服务器'],
    ['without the spaced slash', '新增AI服务器/Add an AI server'],
    ['in the wrong order', 'Add an AI server / 新增AI服务器'],
  ])('makes the loader refuse a summary %s, naming the operation', (_, summary) => {
    const document = readDocument();
    const [, first] = operationsOf(document)[0] as [string, OperationObject];
    const edited = first as { summary?: string };
    if (summary === undefined) delete edited.summary;
    else edited.summary = summary;
    const file = join(tempDir(), 'openapi.yaml');
    writeFileSync(file, stringify(document));
    expect(() => loadContract(file)).toThrow(ContractError);
    expect(() => loadContract(file)).toThrow(new RegExp(`${String(first.operationId)}.*中文 / English`));
  });
});

// Without a declaration an operation would be open to every signed-in user: a new one that forgot
// its x-access must stop the server, naming it.
describe('openapi.yaml access declarations', () => {
  const where = 'reopenParkingLot \\(POST /parking-lots/\\{id\\}/reopen\\)';
  const session = [{ clientType: [], clientHost: [], sessionToken: [] }];
  const noSession = [{ clientType: [], clientHost: [] }];

  /** The repo's contract plus one operation declared as `declaration` says, in a temp file. */
  function contractWith(declaration: Record<string, unknown>): string {
    const document = readDocument();
    (document.paths as Record<string, unknown>)[parkingLotReopenPath] = reopenParkingLot(declaration);
    const file = join(tempDir(), 'openapi.yaml');
    writeFileSync(file, stringify(document));
    return file;
  }

  it('reads each kind from the repo contract', () => {
    const byId = new Map(
      loadContract().operations.map((operation) => [operation.operationId, operation.access]),
    );
    expect(byId.get('loginByPassword')).toEqual({ kind: 'anyone' });
    expect(byId.get('logout')).toEqual({ kind: 'signed-in' });
    expect(byId.get('ingestHeartbeat')).toEqual({ kind: 'machine', scheme: 'ingestKey' });
    expect(byId.get('listRoles')).toEqual({ kind: 'key', key: 'KEY.SYSTEM.ROLE' });
  });

  it('accepts the fixture operation once it declares a key', () => {
    const loaded = loadContract(contractWith({ 'x-access': 'KEY.ACCESS.CAR' }));
    expect(
      loaded.operations.find((operation) => operation.operationId === 'reopenParkingLot')?.access,
    ).toEqual({
      kind: 'key',
      key: 'KEY.ACCESS.CAR',
    });
  });

  it.each([
    ['no declaration', {}, 'declares no access'],
    [
      'x-access and x-open',
      { 'x-access': 'KEY.ACCESS.CAR', 'x-open': 'signed-in' },
      'declares its access 2 ways',
    ],
    [
      'x-access and the ingest key',
      { 'x-access': 'KEY.ACCESS.CAR', security: [{ ingestKey: [] }] },
      'declares its access 2 ways',
    ],
    [
      'x-open: anyone with a session',
      { 'x-open': 'anyone', security: session },
      'x-open: anyone but requires',
    ],
    [
      'x-open: signed-in without a session',
      { 'x-open': 'signed-in', security: noSession },
      'x-open: signed-in but does not require',
    ],
    ['an unknown x-open', { 'x-open': 'everyone' }, 'it must be anyone or signed-in'],
    ['x-access without a session', { 'x-access': 'KEY.ACCESS.CAR', security: noSession }, 'does not require'],
    [
      'the ingest key with a session',
      { security: [{ ingestKey: [], sessionToken: [] }] },
      "a machine's call has no session",
    ],
  ])('refuses an operation with %s, naming it', (_case, declaration, problem) => {
    const file = contractWith(declaration);
    expect(() => loadContract(file)).toThrow(ContractError);
    expect(() => loadContract(file)).toThrow(new RegExp(`^openapi.yaml: operation ${where} .*${problem}`));
  });
});
