import type { Json } from './test-support';

/**
 * The plain CRUD screen a maintainer adds (储物柜 under 出入管理, with a key of its own), written
 * into copies of openapi.yaml and the manifest the way docs/extending.md tells: the suites computed
 * from the inputs must take it without an edit. Its `code` has a pattern and no examples on purpose.
 */
export const locker = {
  key: 'KEY.ACCESS.LOCKER',
  parentKey: 'KEY.ACCESS',
  route: '/door/locker',
  resource: 'locker',
  /** The operationIds its `x-resource` derives: the tests expect each one. */
  operationIds: [
    'listLockers',
    'getLocker',
    'createLocker',
    'updateLocker',
    'deleteLocker',
    'bulkDeleteLockers',
    'exportLockers',
  ],
} as const;

/**
 * Adds the locker to a copy of openapi.yaml as a maintainer writes it: its key, its status
 * enum and one item schema whose `x-resource` gives the paths, operations, sort, filters and the
 * input, page and envelope schemas.
 */
export function addLockerToOpenapi(openapi: Json): void {
  openapi.components.schemas.AccessKey.enum.splice(
    openapi.components.schemas.AccessKey.enum.indexOf('KEY.ACCESS.CAR') + 1,
    0,
    locker.key,
  );
  Object.assign(openapi.components.schemas, {
    LockerStatus: { type: 'string', enum: ['open', 'full', 'closed'] },
    Locker: {
      'x-resource': {
        path: '/lockers',
        access: locker.key,
        noun: { zh: '储物柜', en: 'locker', enPlural: 'lockers' },
      },
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'code', 'capacity', 'status', 'createdAt', 'updatedAt'],
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string', minLength: 1, maxLength: 64, 'x-filter': 'contains', 'x-sort': true },
        code: {
          type: 'string',
          maxLength: 16,
          pattern: '^P[A-HJ-NP-Z]-[0-9]{3}(-[A-Z0-9]{2,4})?$',
          'x-filter': 'contains',
        },
        capacity: { type: 'integer', minimum: 1, maximum: 100000, 'x-sort': true },
        location: { type: 'string', maxLength: 200 },
        status: { $ref: '#/components/schemas/LockerStatus', 'x-filter': 'equals' },
        openedOn: { type: ['string', 'null'], format: 'date', 'x-filter': 'range' },
        createdAt: { type: 'string', format: 'date-time', readOnly: true, 'x-sort': true },
        updatedAt: { type: 'string', format: 'date-time', readOnly: true },
      },
    },
  });
}

const both = ['table', 'search', 'form', 'detail'];

/** Adds the key (beside its siblings), the route under 出入管理 and the resource to a manifest copy. */
export function addLockerToManifest(manifest: Json): void {
  const keys: Json[] = manifest.accessKeys;
  keys.splice(keys.findIndex((entry) => entry.key === 'KEY.ACCESS.CAR') + 1, 0, {
    key: locker.key,
    label: { zh: '储物柜', en: 'Lockers' },
    parent: locker.parentKey,
  });
  const door = (manifest.routes as Json[]).find((route) => route.path === '/door') as Json;
  door.children.push({
    path: locker.route,
    name: { zh: '储物柜管理', en: 'Lockers' },
    modules: ['monitor'],
    access: locker.key,
    resource: locker.resource,
  });
  manifest.resources.push({
    name: locker.resource,
    title: { zh: '储物柜', en: 'Lockers' },
    access: locker.key,
    schema: 'Locker',
    fields: [
      { name: 'id', label: { zh: '编号', en: 'ID' }, show: ['detail'], widget: 'number' },
      { name: 'name', label: { zh: '名称', en: 'Name' }, show: both, widget: 'text' },
      { name: 'code', label: { zh: '编码', en: 'Code' }, show: both, widget: 'text' },
      {
        name: 'capacity',
        label: { zh: '格数', en: 'Compartments' },
        show: ['table', 'form', 'detail'],
        widget: 'number',
      },
      {
        name: 'location',
        label: { zh: '位置', en: 'Location' },
        show: ['form', 'detail'],
        widget: 'textarea',
      },
      {
        name: 'status',
        label: { zh: '状态', en: 'Status' },
        show: both,
        widget: 'status',
        options: {
          open: { zh: '开放', en: 'Open', color: 'success' },
          full: { zh: '已满', en: 'Full', color: 'warning' },
          closed: { zh: '关闭', en: 'Closed', color: 'default' },
        },
      },
      {
        name: 'openedOn',
        label: { zh: '启用日期', en: 'Opened on' },
        show: ['table', 'form', 'detail'],
        widget: 'date',
      },
      {
        name: 'createdAt',
        label: { zh: '创建时间', en: 'Created' },
        show: ['detail'],
        widget: 'datetime',
      },
      {
        name: 'updatedAt',
        label: { zh: '更新时间', en: 'Updated' },
        show: ['detail'],
        widget: 'datetime',
      },
    ],
  });
}
