import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationSpec } from '../contract/load-contract';
import type { JsonSchema } from '../../contract/openapi-types';
import { isLoggedOperation } from '../oplog/operation-log';
import { schemaAt } from '../../contract/document';
import { createSampler } from '../test-support/contract-samples';
import { multipartBody, multipartFile, pngBytes } from '../test-support/multipart';
import {
  aiServerIngestKey,
  clientHeaders,
  contract,
  filesOnDisk,
  ingestKeyHeader,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type TestApp,
  afterSuite,
} from '../test-support/test-app';

// Computed from openapi.yaml: for every operation with a body, query or path parameters, requests
// spoiled one way at a time. Each must answer a 400 envelope naming exactly the spoiled fields and
// write nothing but its failure in the operation log.

const sampler = createSampler(contract);

/** field → what its Chinese message must say (a regular expression, since some depend on the schema). */
type Expected = Record<string, RegExp>;

interface MalformedCase {
  readonly operation: OperationSpec;
  readonly name: string;
  readonly body?: unknown;
  /** A multipart body, for upload operations. */
  readonly multipart?: ReturnType<typeof multipartFile>;
  /** Query parameters beside the sampled required ones (null: a required one left out). */
  readonly query?: Record<string, string | null>;
  readonly path?: Record<string, string>;
  readonly expected: Expected;
}

const anyType = /^应为/;
const required = /^必填$/;
const notAllowed = /^不允许的字段$/;
const notInEnum = /^必须是以下之一：/;
const tooLong = /^(长度不能超过 \d+ 个字符|格式不正确)$/;
const belowMinimum = /^不能小于 /;
const aboveMaximum = /^不能大于 /;
const offPattern = /^格式不正确$/;

/** The JSON types a schema admits; a `oneOf` / `anyOf` (a nullable shared schema) admits its members'. */
function typesOf(schema: JsonSchema): unknown[] {
  const members = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(members)) {
    return (members as JsonSchema[]).flatMap((member) => typesOf(schemaAt(contract.document, member)));
  }
  return ([] as unknown[]).concat(schema.type ?? (schema.enum ? 'string' : 'object'));
}

/** A value of another JSON type than the schema's. */
function wrongTypeFor(schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (types.includes('string')) return 12345;
  if (types.includes('array') || types.includes('object')) return 'text';
  return 'text';
}

function bodyCases(operation: OperationSpec): MalformedCase[] {
  if (!operation.requestBody) return [];
  const schema = schemaAt(contract.document, operation.requestBody.schema);
  const properties = Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {}).map(
    ([name, property]) => [name, schemaAt(contract.document, property)] as const,
  );
  const good = sampler.body(operation) as Record<string, unknown>;
  const requiredNames = (schema.required as string[] | undefined) ?? [];
  const cases: MalformedCase[] = [];
  if (requiredNames.length > 0) {
    cases.push({
      operation,
      name: 'missing required fields',
      body: {},
      expected: Object.fromEntries(requiredNames.map((name) => [name, required])),
    });
  }
  if (properties.length > 0) {
    cases.push({
      operation,
      name: 'wrong types',
      body: Object.fromEntries(properties.map(([name, property]) => [name, wrongTypeFor(property)])),
      expected: Object.fromEntries(properties.map(([name]) => [name, anyType])),
    });
  }
  for (const [name, property] of properties) {
    if (typeof property.maxLength === 'number') {
      cases.push({
        operation,
        name: `an over-long ${name}`,
        body: { ...good, [name]: `${String(good[name] ?? '')}${'x'.repeat(property.maxLength + 1)}` },
        expected: { [name]: tooLong },
      });
    }
    if (Array.isArray(property.enum)) {
      cases.push({
        operation,
        name: `a ${name} outside its enum`,
        body: { ...good, [name]: 'not-a-value' },
        expected: { [name]: notInEnum },
      });
    }
    if (typeof property.minimum === 'number') {
      cases.push({
        operation,
        name: `a ${name} below its minimum`,
        body: { ...good, [name]: property.minimum - 1 },
        expected: { [name]: belowMinimum },
      });
    }
    if (typeof property.maximum === 'number') {
      cases.push({
        operation,
        name: `a ${name} over its maximum`,
        body: { ...good, [name]: property.maximum + 1 },
        expected: { [name]: aboveMaximum },
      });
    }
    if (property.type === 'array') cases.push(...arrayCases(operation, good, name, property));
  }
  if (schema.additionalProperties === false) {
    cases.push({
      operation,
      name: 'an unknown field',
      body: { ...good, unexpectedField: 1 },
      expected: { unexpectedField: notAllowed },
    });
  }
  return cases;
}

function arrayCases(
  operation: OperationSpec,
  good: Record<string, unknown>,
  name: string,
  property: JsonSchema,
): MalformedCase[] {
  const items = schemaAt(contract.document, (property.items as JsonSchema | undefined) ?? {});
  const [one, ...rest] = good[name] as unknown[];
  const cases: MalformedCase[] = [
    {
      operation,
      name: `a ${name} item of a wrong type`,
      // The other items stay good, so an array with minItems still has enough of them.
      body: { ...good, [name]: [wrongTypeFor(items), ...rest] },
      expected: { [`${name}[0]`]: anyType },
    },
  ];
  if (typeof property.minItems === 'number' && property.minItems > 0) {
    cases.push({
      operation,
      name: `an empty ${name}`,
      body: { ...good, [name]: [] },
      expected: { [name]: /^至少需要 / },
    });
  }
  if (property.uniqueItems === true) {
    cases.push({
      operation,
      name: `a repeated ${name} item`,
      body: { ...good, [name]: [one, one] },
      expected: { [name]: /^不能有重复项$/ },
    });
  }
  if (typeof items.minimum === 'number') {
    cases.push({
      operation,
      name: `a ${name} item below its minimum`,
      body: { ...good, [name]: [items.minimum - 1] },
      expected: { [`${name}[0]`]: belowMinimum },
    });
  }
  return cases;
}

/** Largest x-max-bytes whose one-byte-over case is sent (a model file's 2 GiB is left to the Content-Length check). */
const sentOverLimit = 8 * 1024 * 1024;

/** An upload's multipart body spoiled one way at a time, from its encoding (types, x-max-bytes). */
function uploadCases(operation: OperationSpec): MalformedCase[] {
  const upload = operation.upload;
  if (!upload) return [];
  const { field, contentTypes, maxBytes } = upload;
  const sample = sampler.file(operation) as Buffer;
  const file = (bytes: Buffer, part = field) => multipartFile(bytes, { field: part, fileName: 'bad.png' });
  const cases: MalformedCase[] = [
    {
      operation,
      name: 'a JSON body instead of multipart',
      body: { [field]: 'aGVsbG8=' },
      expected: { [field]: /^必须以 multipart\/form-data 上传$/ },
    },
    {
      operation,
      name: 'a multipart part of an unknown name',
      multipart: file(sample, 'unexpectedField'),
      expected: { unexpectedField: notAllowed },
    },
    {
      operation,
      name: 'an empty multipart file',
      multipart: file(Buffer.alloc(0)),
      expected: { [field]: /^文件为空$/ },
    },
    {
      operation,
      name: 'a multipart body without a boundary',
      multipart: { ...file(sample), headers: { 'content-type': 'multipart/form-data' } },
      expected: { [field]: /^缺少 multipart 分隔符（boundary）$/ },
    },
    {
      operation,
      name: 'a multipart body cut short',
      // The file's bytes whole, its closing delimiter cut: the part never ends.
      multipart: { ...file(sample), payload: file(sample).payload.subarray(0, -10) },
      expected: { [field]: /^multipart 正文不完整或格式不正确$/ },
    },
    {
      operation,
      name: 'a second multipart file part',
      multipart: multipartBody([
        { field, bytes: sample, fileName: 'one.png' },
        { field, bytes: sample, fileName: 'two.png' },
      ]),
      expected: { [field]: /^只能上传一个文件$/ },
    },
    {
      operation,
      name: 'a multipart form field after the file',
      multipart: multipartBody([
        { field, bytes: sample, fileName: 'one.png' },
        { field: 'unexpectedField', bytes: Buffer.from('1') },
      ]),
      expected: { unexpectedField: notAllowed },
    },
  ];
  if (!contentTypes.includes('application/octet-stream')) {
    cases.push({
      operation,
      name: 'a multipart file of a type not allowed',
      // Any text may be a CSV file (its rows are the importer's to judge): an image is not one.
      multipart: file(
        contentTypes.includes('text/csv')
          ? pngBytes
          : Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      ),
      expected: { [field]: /^文件类型不允许/ },
    });
  }
  if (maxBytes <= sentOverLimit) {
    cases.push({
      operation,
      name: 'a multipart file one byte over x-max-bytes',
      multipart: file(Buffer.concat([sample, Buffer.alloc(maxBytes + 1 - sample.length)])),
      expected: { [field]: /^文件不能超过 / },
    });
  }
  return cases;
}

/** An upload's JSON parts (beside a good file) spoiled one way at a time, from their schemas. */
function jsonPartCases(operation: OperationSpec): MalformedCase[] {
  const good = sampler.jsonParts(operation);
  const send = (name: string, value: unknown) => sampler.upload(operation, { ...good, [name]: value });
  const without = (name: string) =>
    sampler.upload(operation, Object.fromEntries(Object.entries(good).filter(([other]) => other !== name)));
  return (operation.upload?.jsonParts ?? []).flatMap((part): MalformedCase[] => {
    const { name } = part;
    const schema = schemaAt(contract.document, part.schema);
    const requiredNames = (schema.required as string[] | undefined) ?? [];
    return [
      ...(part.required
        ? [
            {
              operation,
              name: `no multipart part ${name}`,
              multipart: without(name),
              expected: { [name]: required },
            },
          ]
        : []),
      {
        operation,
        name: `a multipart part ${name} that is not JSON`,
        multipart: send(name, '{not json'),
        expected: { [name]: /^不是合法的 JSON$/ },
      },
      {
        operation,
        name: `a multipart part ${name} holding none of its required fields`,
        multipart: send(name, {}),
        expected: Object.fromEntries(requiredNames.map((field) => [`${name}.${field}`, required])),
      },
      ...(part.fileIdProperty === null
        ? []
        : [
            {
              operation,
              name: `a multipart part ${name} naming the file its own part holds`,
              multipart: send(name, { ...(good[name] as object), [part.fileIdProperty]: 1 }),
              expected: { [`${name}.${part.fileIdProperty}`]: notAllowed },
            },
          ]),
    ];
  });
}

function queryCases(operation: OperationSpec): MalformedCase[] {
  const body = sampler.body(operation);
  const cases: MalformedCase[] = [
    {
      operation,
      name: 'an unknown query parameter',
      body,
      query: { unexpectedParam: '1' },
      expected: { 'query.unexpectedParam': notAllowed },
    },
  ];
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const schema = schemaAt(contract.document, parameter.schema ?? {});
    const field = `query.${parameter.name}`;
    if (parameter.required) {
      cases.push({
        operation,
        name: `no ${field}`,
        body,
        query: { [parameter.name]: null },
        expected: { [field]: required },
      });
    }
    if (schema.type === 'integer' || schema.type === 'number') {
      cases.push({
        operation,
        name: `a non-numeric ${field}`,
        body,
        query: { [parameter.name]: 'abc' },
        expected: { [field]: anyType },
      });
    }
    if (typeof schema.maximum === 'number') {
      cases.push({
        operation,
        name: `a ${field} over its maximum`,
        body,
        query: { [parameter.name]: String(schema.maximum + 1) },
        expected: { [field]: aboveMaximum },
      });
    }
    if (typeof schema.maxLength === 'number') {
      cases.push({
        operation,
        name: `an over-long ${field}`,
        body,
        query: { [parameter.name]: 'x'.repeat(schema.maxLength + 1) },
        expected: { [field]: tooLong },
      });
    }
    if (Array.isArray(schema.enum)) {
      cases.push({
        operation,
        name: `a ${field} outside its enum`,
        body,
        query: { [parameter.name]: 'not-a-value' },
        expected: { [field]: notInEnum },
      });
    }
  }
  return cases;
}

function pathCases(operation: OperationSpec): MalformedCase[] {
  const body = sampler.body(operation);
  return operation.parameters
    .filter((p) => p.in === 'path')
    .flatMap((parameter) => {
      const schema = schemaAt(contract.document, parameter.schema ?? {});
      const field = `path.${parameter.name}`;
      const cases: MalformedCase[] = [];
      if (typeof schema.pattern === 'string') {
        cases.push({
          operation,
          name: `a ${field} off its pattern`,
          body,
          path: { [parameter.name]: '!!' },
          expected: { [field]: offPattern },
        });
      }
      if (schema.type === 'integer' || schema.type === 'number') {
        cases.push({
          operation,
          name: `a non-numeric ${field}`,
          body,
          path: { [parameter.name]: 'abc' },
          expected: { [field]: anyType },
        });
      }
      if (typeof schema.minimum === 'number') {
        cases.push({
          operation,
          name: `a ${field} below its minimum`,
          body,
          path: { [parameter.name]: String(schema.minimum - 1) },
          expected: { [field]: belowMinimum },
        });
      }
      return cases;
    });
}

const cases = contract.operations.flatMap((operation) => [
  ...bodyCases(operation),
  ...uploadCases(operation),
  ...jsonPartCases(operation),
  ...queryCases(operation),
  ...pathCases(operation),
]);

describe('malformed input, computed from openapi.yaml', () => {
  const cleanup = afterSuite();
  let t: TestApp;
  let token: string;
  /** An AI server's key, for the ingest operations (authenticated by it, not by a session). */
  let ingestKey: string;
  beforeAll(async () => {
    t = await startTestApp({}, cleanup);
    token = await t.signIn('admin', testAdminPassword);
    ingestKey = await aiServerIngestKey(t, token);
  });
  it('spoils the body of every operation that has one, and the parameters of every operation', () => {
    const withBody = contract.operations
      .filter((operation) => operation.requestBody)
      .map((op) => op.operationId);
    const withPath = contract.operations
      .filter((operation) => operation.parameters.some((p) => p.in === 'path'))
      .map((op) => op.operationId);
    const covered = (suffix: RegExp) =>
      new Set(cases.filter((c) => suffix.test(c.name)).map((c) => c.operation.operationId));
    expect([...covered(/wrong types|missing/)].sort()).toEqual([...new Set(withBody)].sort());
    expect([...covered(/path\./)].sort()).toEqual([...new Set(withPath)].sort());
    const withUpload = contract.operations
      .filter((operation) => operation.upload)
      .map((op) => op.operationId);
    expect(withUpload.length).toBeGreaterThan(0);
    expect([...covered(/multipart/)].sort()).toEqual(withUpload.sort());
    const withJsonParts = contract.operations
      .filter((operation) => (operation.upload?.jsonParts.length ?? 0) > 0)
      .map((op) => op.operationId);
    expect(withJsonParts.length).toBeGreaterThan(0);
    expect([...covered(/multipart part \w+ that is not JSON/)].sort()).toEqual(withJsonParts.sort());
  });

  it.each(cases.map((c) => [`${c.operation.operationId}: ${c.name}`, c] as const))(
    '%s → 400 naming the fields, only the failure logged',
    async (_title, malformed) => {
      const { operation } = malformed;
      const before = snapshotRows(t.dataDir);
      const filesBefore = filesOnDisk(t.dataDir);
      const logBefore = operationLog(t.dataDir).length;
      const url = sampler.url(operation, malformed.path, malformed.query);
      const response = await t.app.inject({
        method: operation.method,
        url,
        headers: {
          ...clientHeaders,
          [tokenHeader]: token,
          ...(operation.access.kind === 'machine' ? { [ingestKeyHeader]: ingestKey } : {}),
          ...(malformed.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...malformed.multipart?.headers,
        },
        ...(malformed.body === undefined ? {} : { payload: JSON.stringify(malformed.body) }),
        ...(malformed.multipart === undefined ? {} : { payload: malformed.multipart.payload }),
      });
      expect(response.statusCode).toBe(400);
      const answer = response.json();
      expect(answer).toMatchObject({ success: false, code: '400' });
      const errors = answer.data.errors as { field: string; message: string }[];
      expect(errors.map((e) => e.field).sort()).toEqual(Object.keys(malformed.expected).sort());
      for (const error of errors) expect(error.message).toMatch(malformed.expected[error.field] as RegExp);
      for (const field of Object.keys(malformed.expected)) expect(answer.msg).toContain(field);

      expect(snapshotRows(t.dataDir)).toEqual(before);
      expect(filesOnDisk(t.dataDir)).toEqual(filesBefore);
      const logged = operationLog(t.dataDir).slice(logBefore);
      if (isLoggedOperation(operation)) {
        expect(logged).toEqual([
          expect.objectContaining({
            action: operation.operationId,
            result: 'failure',
            code: '400',
            detail_zh: answer.msg,
          }),
        ]);
      } else {
        expect(logged).toEqual([]);
      }
    },
  );
});
