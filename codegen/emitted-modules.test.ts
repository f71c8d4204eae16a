import { describe, expect, it } from 'vitest';
import { accessKeyInfos, accessKeys } from '../src/generated/access';
import { stringRules } from '../src/generated/constraints';
import { securityHeaders } from '../src/generated/contract';
import aiserverSource from '../src/generated/resources/aiserver';
import oplogSource from '../src/generated/resources/oplog';
import { routes } from '../src/generated/routes';
import { appSettings, modules } from '../src/generated/settings';
import { fieldDefaults, resourceOf, type ResourceSource } from '../src/resources/descriptors';
import { flattenRoutes } from '../src/session/route-lookup';
import { loadInputs } from './inputs';
import type { Manifest, RouteEntry } from './manifest';
import { componentSchemas, isObject } from '../contract/document';
import { repoRoot } from './test-support';

// Expectations follow the inputs, so a maintainer's new key, schema or screen needs no edit here;
// what is fixed (the shipped keys, constants and headers; docs/architecture.md) stays pinned.
const inputs = loadInputs(repoRoot);
const manifest = inputs.manifest as Manifest;

/** The fixed access keys, in their order. */
const specKeys = [
  'KEY.DEVICE',
  'KEY.DEVICE.AISERVER',
  'KEY.DEVICE.CAMERA',
  'KEY.MODEL',
  'KEY.ACCESS',
  'KEY.ACCESS.EMPLOYEE',
  'KEY.ACCESS.VISITOR',
  'KEY.ACCESS.CAR',
  'KEY.CENTER',
  'KEY.CENTER.VIDEO',
  'KEY.CENTER.AIWARN',
  'KEY.ANALYSIS',
  'KEY.SYSTEM',
  'KEY.SYSTEM.ROLE',
  'KEY.SYSTEM.USER',
  'KEY.SYSTEM.LOG',
];

function manifestRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.flatMap((route) => [route, ...manifestRoutes(route.children ?? [])]);
}

/** Named string schemas of openapi.yaml with a length or a pattern: what forms must not retype. */
function stringSchemasWithRules(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(componentSchemas(inputs.openapi)).flatMap(([name, schema]) => {
      if (!isObject(schema) || schema.type !== 'string') return [];
      const rule = Object.fromEntries(
        (['minLength', 'maxLength', 'pattern'] as const).flatMap((field) =>
          schema[field] === undefined ? [] : [[field, schema[field]]],
        ),
      );
      return Object.keys(rule).length === 0 ? [] : [[name, rule]];
    }),
  );
}

// The generated modules as the console imports them (icons need React).
describe('generated modules', () => {
  it('carry the fixed constants', () => {
    expect(appSettings).toMatchObject({
      title: { zh: '运营平台' },
      primaryColor: '#1890ff',
      apiBasePath: '/cfop',
      requestTimeoutMs: 60000,
      chunkTimeoutMs: 120000,
      tokenKey: 'CFOP_TOKEN',
    });
    expect(modules).toEqual([{ value: 'monitor', label: { zh: '智能监控', en: 'Smart monitoring' } }]);
  });

  it('list the access keys in manifest order with their parents', () => {
    expect(accessKeys).toEqual(manifest.accessKeys.map((entry) => entry.key));
    expect(accessKeyInfos.map((info) => [info.key, info.parent])).toEqual(
      manifest.accessKeys.map((entry) => [entry.key, entry.parent ?? null]),
    );
    expect(accessKeys.filter((key) => specKeys.includes(key))).toEqual(specKeys);
    expect(accessKeyInfos.find((info) => info.key === 'KEY.SYSTEM.LOG')?.parent).toBe('KEY.SYSTEM');
    expect(accessKeyInfos.find((info) => info.key === 'KEY.MODEL')?.parent).toBeNull();
  });

  it('name the security headers and string rules from openapi.yaml', () => {
    expect(securityHeaders).toEqual({
      clientType: 'X-Client-Type',
      clientHost: 'X-Client-Host',
      sessionToken: 'X-Cfop-Token',
      ingestKey: 'X-Ingest-Key',
    });
    // In openapi.yaml's order, which the merge of areas decides: compared by name.
    expect(Object.keys(stringRules).sort()).toEqual(Object.keys(stringSchemasWithRules()).sort());
    expect(stringRules).toMatchObject(stringSchemasWithRules());
    expect(new RegExp(stringRules.NewPassword.pattern).test('abc12345')).toBe(true);
    expect(stringRules.Username).toEqual({ minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_.-]+$' });
  });

  it('describe each resource for the screen its route shows', async () => {
    const resourceRoutes = flattenRoutes(routes).filter((route) => route.resource !== null);
    for (const route of resourceRoutes) {
      const source = (
        (await import(`../src/generated/resources/${route.resource}.ts`)) as { default: ResourceSource }
      ).default;
      expect(source).toMatchObject({ name: route.resource, route: route.path });
    }
    expect(Object.fromEntries(resourceRoutes.map((route) => [route.path, route.resource]))).toEqual(
      Object.fromEntries(
        manifestRoutes(manifest.routes).flatMap((route) =>
          route.resource ? [[route.path, route.resource]] : [],
        ),
      ),
    );
    const aiserver = resourceOf(aiserverSource);
    expect(aiserver).toMatchObject({ access: 'KEY.DEVICE.AISERVER', route: '/equipment/aiserver' });
    expect(aiserver.fields.filter((field) => field.form).map((field) => field.name)).toEqual([
      'name',
      'serialNumber',
      'ip',
      'port',
      'acceleratorType',
      'channelCapacity',
      'hardwareModel',
      'softwareVersion',
      'location',
    ]);
    expect(aiserver.fields.filter((field) => field.required).map((field) => field.name)).toEqual([
      'name',
      'serialNumber',
      'ip',
      'port',
      'acceleratorType',
      'channelCapacity',
    ]);
    expect(
      aiserver.fields.filter((field) => field.search).map((field) => [field.name, field.filter]),
    ).toEqual([
      ['name', 'contains'],
      ['serialNumber', 'contains'],
      ['ip', 'contains'],
      ['status', 'equals'],
      ['acceleratorType', 'equals'],
      ['location', 'contains'],
    ]);
  });

  it('describes the read-only operation log, its time range and its areas labelled from accessKeys', () => {
    const oplog = resourceOf(oplogSource);
    expect(oplog.operations).toEqual({
      list: true,
      get: true,
      create: false,
      update: false,
      delete: false,
      bulkDelete: false,
      export: true,
      choices: false,
      import: false,
    });
    expect(oplog.defaultSort).toBe('-time');
    expect(
      oplog.fields.filter((field) => field.search).map((field) => [field.name, field.filter, field.range]),
    ).toEqual([
      ['time', 'range', { from: 'timeFrom', to: 'timeTo' }],
      ['username', 'contains', null],
      ['area', 'equals', null],
      ['actionName', 'contains', null],
      ['result', 'equals', null],
    ]);
    // The actor's id beside their name: a name is no proof of who acted (renamed, deleted, look-alike).
    const columns = oplog.fields.filter((field) => field.table).map((field) => field.name);
    expect(columns.slice(columns.indexOf('username'), columns.indexOf('username') + 2)).toEqual([
      'username',
      'userId',
    ]);
    const area = oplog.fields.find((field) => field.name === 'area');
    expect(area).toMatchObject({ nullable: true, widget: 'select' });
    expect(area?.options?.map((option) => [option.value, option.label])).toEqual(
      manifest.accessKeys.map((entry) => [entry.key, entry.label]),
    );
    expect(area?.options?.find((option) => option.value === 'KEY.SYSTEM.LOG')?.label).toEqual({
      zh: '操作日志',
      en: 'Operation log',
    });
  });

  it('write only what differs from the defaults, which resourceOf fills in', () => {
    for (const field of oplogSource.fields) {
      for (const [key, value] of Object.entries(field)) {
        expect(fieldDefaults, `${field.name}.${key}`).not.toHaveProperty(key, value);
      }
    }
    expect(oplogSource).not.toHaveProperty('actions');
    expect(resourceOf(oplogSource).actions).toEqual([]);
    expect(resourceOf(oplogSource).fields.find((field) => field.name === 'time')).toMatchObject({
      form: false,
      required: false,
      upload: null,
    });
  });
});
