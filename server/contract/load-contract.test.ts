import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { readBilingual } from '../http/locale';
import { tempDir } from '../test-support/test-app';
import { ContractError, defaultOpenApiPath, loadContract } from './load-contract';
import type { OpenApiDocument, OperationObject } from './openapi-types';

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
