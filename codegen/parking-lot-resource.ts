import type { Json } from './test-support';

/**
 * The plain CRUD screen a maintainer adds (停车场 under 出入管理, with a key of its own), written
 * into copies of openapi.yaml and the manifest the way the README tells: the suites computed from
 * the inputs must take it without an edit. Its `code` has a pattern and no examples on purpose.
 */
export const parkingLot = {
  key: 'KEY.ACCESS.PARKING',
  parentKey: 'KEY.ACCESS',
  route: '/door/parking',
  resource: 'parkinglot',
  operationIds: [
    'listParkingLots',
    'getParkingLot',
    'createParkingLot',
    'updateParkingLot',
    'deleteParkingLot',
    'bulkDeleteParkingLots',
    'exportParkingLots',
  ],
} as const;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: string) => ({ content: { 'application/json': { schema: ref(schema) } } });
const failure = { default: { $ref: '#/components/responses/Failure' } };

function operation(operationId: string, summary: string, extra: Json, answer: Json): Json {
  return {
    tags: ['parkingLot'],
    operationId,
    summary,
    'x-access': parkingLot.key,
    ...extra,
    responses: { '200': { description: summary, ...answer }, ...failure },
  };
}

const filters = [
  { name: 'name', in: 'query', 'x-filter': 'contains', schema: { type: 'string', maxLength: 64 } },
  { name: 'code', in: 'query', 'x-filter': 'contains', schema: { type: 'string', maxLength: 16 } },
  { name: 'status', in: 'query', 'x-filter': 'equals', schema: ref('ParkingLotStatus') },
];
const sort = { $ref: '#/components/parameters/ParkingLotSort' };
const page = [{ $ref: '#/components/parameters/Page' }, { $ref: '#/components/parameters/PageSize' }];
const inputBody = { requestBody: { required: true, ...json('ParkingLotInput') } };

const inputProperties = {
  name: { type: 'string', minLength: 1, maxLength: 64 },
  code: { type: 'string', maxLength: 16, pattern: '^P[A-HJ-NP-Z]-[0-9]{3}(-[A-Z0-9]{2,4})?$' },
  capacity: { type: 'integer', minimum: 1, maximum: 100000 },
  location: { type: 'string', maxLength: 200 },
  status: ref('ParkingLotStatus'),
  openedOn: { type: ['string', 'null'], format: 'date' },
};

const envelope = (data: string): Json => ({
  type: 'object',
  required: ['success', 'code', 'msg', 'data'],
  properties: {
    success: { const: true },
    code: { const: '0' },
    msg: { type: 'string' },
    data: ref(data),
  },
});

/** Adds the parking-lot schema, its seven operations and its sort to a copy of openapi.yaml. */
export function addParkingLotToOpenapi(openapi: Json): void {
  openapi.tags.push({ name: 'parkingLot', description: '停车场 / Parking lots' });
  openapi.components.schemas.AccessKey.enum.splice(
    openapi.components.schemas.AccessKey.enum.indexOf('KEY.ACCESS.CAR') + 1,
    0,
    parkingLot.key,
  );
  openapi.components.parameters.ParkingLotSort = {
    name: 'sort',
    in: 'query',
    schema: {
      type: 'string',
      enum: ['name', '-name', 'capacity', '-capacity', 'createdAt', '-createdAt'],
      default: '-createdAt',
    },
  };
  Object.assign(openapi.components.schemas, {
    ParkingLotStatus: { type: 'string', enum: ['open', 'full', 'closed'] },
    ParkingLotInput: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'code', 'capacity', 'status'],
      properties: inputProperties,
    },
    ParkingLot: {
      type: 'object',
      additionalProperties: false,
      required: ['id', ...Object.keys(inputProperties), 'createdAt', 'updatedAt'],
      properties: {
        id: { type: 'integer' },
        ...inputProperties,
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
      },
    },
    ParkingLotPage: {
      type: 'object',
      additionalProperties: false,
      required: ['items', 'total', 'page', 'pageSize'],
      properties: {
        items: { type: 'array', items: ref('ParkingLot') },
        total: { type: 'integer' },
        page: { type: 'integer' },
        pageSize: { type: 'integer' },
      },
    },
    ParkingLotEnvelope: envelope('ParkingLot'),
    ParkingLotPageEnvelope: envelope('ParkingLotPage'),
  });
  Object.assign(openapi.paths, {
    '/parking-lots': {
      get: operation(
        'listParkingLots',
        '停车场列表 / List parking lots',
        { parameters: [...page, sort, ...filters] },
        json('ParkingLotPageEnvelope'),
      ),
      post: operation(
        'createParkingLot',
        '新增停车场 / Add a parking lot',
        inputBody,
        json('ParkingLotEnvelope'),
      ),
    },
    '/parking-lots/export': {
      get: operation(
        'exportParkingLots',
        '导出停车场 / Export parking lots as CSV',
        { parameters: [sort, ...filters] },
        { content: { 'text/csv': { schema: { type: 'string' } } } },
      ),
    },
    '/parking-lots/bulk-delete': {
      post: operation(
        'bulkDeleteParkingLots',
        '批量删除停车场 / Delete several parking lots',
        { requestBody: { required: true, ...json('IdList') } },
        json('DeletedCountEnvelope'),
      ),
    },
    '/parking-lots/{id}': {
      parameters: [{ $ref: '#/components/parameters/Id' }],
      get: operation('getParkingLot', '停车场详情 / One parking lot', {}, json('ParkingLotEnvelope')),
      put: operation(
        'updateParkingLot',
        '编辑停车场 / Change a parking lot',
        inputBody,
        json('ParkingLotEnvelope'),
      ),
      delete: operation('deleteParkingLot', '删除停车场 / Delete a parking lot', {}, json('EmptyEnvelope')),
    },
  });
}

const both = ['table', 'search', 'form', 'detail'];

/** Adds the key (beside its siblings), the route under 出入管理 and the resource to a manifest copy. */
export function addParkingLotToManifest(manifest: Json): void {
  const keys: Json[] = manifest.accessKeys;
  keys.splice(keys.findIndex((entry) => entry.key === 'KEY.ACCESS.CAR') + 1, 0, {
    key: parkingLot.key,
    label: { zh: '停车场', en: 'Parking lots' },
    parent: parkingLot.parentKey,
  });
  const door = (manifest.routes as Json[]).find((route) => route.path === '/door') as Json;
  door.children.push({
    path: parkingLot.route,
    name: { zh: '停车场管理', en: 'Parking lots' },
    modules: ['monitor'],
    access: parkingLot.key,
    resource: parkingLot.resource,
  });
  const [list, get, create, update, remove, bulkDelete, exportAll] = parkingLot.operationIds;
  manifest.resources.push({
    name: parkingLot.resource,
    title: { zh: '停车场', en: 'Parking lots' },
    access: parkingLot.key,
    schema: 'ParkingLot',
    operations: { list, get, create, update, delete: remove, bulkDelete, export: exportAll },
    fields: [
      { name: 'id', label: { zh: '编号', en: 'ID' }, show: ['detail'], widget: 'number' },
      { name: 'name', label: { zh: '名称', en: 'Name' }, show: both, widget: 'text' },
      { name: 'code', label: { zh: '编码', en: 'Code' }, show: both, widget: 'text' },
      {
        name: 'capacity',
        label: { zh: '车位数', en: 'Capacity' },
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
