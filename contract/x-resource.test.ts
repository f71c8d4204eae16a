import { describe, expect, it } from 'vitest';
import { ContractError } from './contract-error';
import { expandResources } from './x-resource';

type Json = Record<string, unknown>;

const lotRef = { $ref: '#/components/schemas/ParkingLot' };

/** A document holding one declared resource, the parking lot of docs/extending.md's example. */
function documentWith(declaration: Json = {}, extra: (doc: Json & { components: Json }) => void = () => {}) {
  const doc = {
    tags: [{ name: 'auth', description: '登录 / Sign-in' }],
    paths: {
      '/login': { post: { operationId: 'login', summary: '登录 / Sign in' } },
      '/zones': { get: { operationId: 'listZones', summary: '区域 / Zones' } },
    },
    components: {
      parameters: {},
      schemas: {
        ParkingLotStatus: { type: 'string', enum: ['open', 'closed'] },
        ParkingLot: {
          'x-resource': {
            path: '/parking-lots',
            access: 'KEY.ACCESS.PARKING',
            noun: { zh: '停车场', en: 'parking lot', enPlural: 'parking lots' },
            ...declaration,
          },
          type: 'object',
          additionalProperties: false,
          required: ['id', 'name', 'code', 'status', 'createdAt'],
          properties: {
            id: { type: 'integer', readOnly: true },
            name: { type: 'string', minLength: 1, maxLength: 64, 'x-filter': 'contains', 'x-sort': true },
            code: { type: 'string', maxLength: 16, pattern: '^P[A-Z]-[0-9]{3}$', 'x-filter': 'contains' },
            status: { $ref: '#/components/schemas/ParkingLotStatus', 'x-filter': 'equals' },
            photoId: { type: ['integer', 'null'], minimum: 1, 'x-upload': 'uploadLotPhoto' },
            openedOn: {
              type: ['string', 'null'],
              format: 'date',
              description: 'Day one.',
              'x-filter': 'range',
            },
            createdAt: { type: 'string', format: 'date-time', readOnly: true, 'x-sort': true },
          },
        },
      },
    },
  };
  extra(doc);
  return doc;
}

type Expanded = Json & {
  paths: Record<string, Json>;
  components: { schemas: Record<string, Json>; parameters: Record<string, Json> };
};
const expand = (doc: unknown) => expandResources(doc) as { document: Expanded; resources: unknown[] };

describe('x-resource', () => {
  it('derives the input, page and envelope schemas beside the item', () => {
    const { schemas } = expand(documentWith()).document.components;
    expect(schemas.ParkingLotInput).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['name', 'code', 'status'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 64, 'x-filter': 'contains', 'x-sort': true },
        code: { type: 'string', maxLength: 16, pattern: '^P[A-Z]-[0-9]{3}$', 'x-filter': 'contains' },
        status: { $ref: '#/components/schemas/ParkingLotStatus', 'x-filter': 'equals' },
        photoId: { type: ['integer', 'null'], minimum: 1, 'x-upload': 'uploadLotPhoto' },
        openedOn: { type: ['string', 'null'], format: 'date', description: 'Day one.', 'x-filter': 'range' },
      },
    });
    expect(schemas.ParkingLotPage?.properties).toEqual({
      items: { type: 'array', items: lotRef },
      total: { type: 'integer' },
      totalCapped: { $ref: '#/components/schemas/TotalCapped' },
      page: { type: 'integer' },
      pageSize: { type: 'integer' },
    });
    expect(schemas.ParkingLotEnvelope?.properties).toMatchObject({ success: { const: true }, data: lotRef });
    expect(schemas.ParkingLotPageEnvelope?.properties).toMatchObject({
      data: { $ref: '#/components/schemas/ParkingLotPage' },
    });
    expect(Object.keys(schemas)).toEqual([
      'ParkingLotStatus',
      'ParkingLotInput',
      'ParkingLot',
      'ParkingLotPage',
      'ParkingLotEnvelope',
      'ParkingLotPageEnvelope',
    ]);
  });

  it('derives the sort parameter from x-sort and the filters from x-filter', () => {
    const { document } = expand(documentWith());
    expect(document.components.parameters?.ParkingLotSort).toEqual({
      name: 'sort',
      in: 'query',
      description: "A field to sort by, '-' first for descending.",
      schema: { type: 'string', enum: ['name', '-name', 'createdAt', '-createdAt'], default: '-createdAt' },
    });
    const list = document.paths['/parking-lots']?.get as Json;
    expect(list.parameters).toEqual([
      { $ref: '#/components/parameters/Page' },
      { $ref: '#/components/parameters/PageSize' },
      { $ref: '#/components/parameters/ParkingLotSort' },
      { name: 'name', in: 'query', 'x-filter': 'contains', schema: { type: 'string', maxLength: 64 } },
      { name: 'code', in: 'query', 'x-filter': 'contains', schema: { type: 'string', maxLength: 16 } },
      {
        name: 'status',
        in: 'query',
        'x-filter': 'equals',
        schema: { $ref: '#/components/schemas/ParkingLotStatus' },
      },
      {
        name: 'openedOnFrom',
        in: 'query',
        'x-filter': 'from',
        'x-field': 'openedOn',
        schema: { type: 'string', format: 'date' },
      },
      {
        name: 'openedOnTo',
        in: 'query',
        'x-filter': 'to',
        'x-field': 'openedOn',
        schema: { type: 'string', format: 'date' },
      },
    ]);
    const exporter = document.paths['/parking-lots/export']?.get as Json;
    expect(exporter.parameters).toEqual([
      { $ref: '#/components/parameters/TimeZone' },
      ...(list.parameters as unknown[]).slice(2),
    ]);
  });

  it('derives the seven operations, in standard path order after the document’s own', () => {
    const { document, resources } = expand(documentWith());
    expect(Object.keys(document.paths)).toEqual([
      '/login',
      '/zones',
      '/parking-lots',
      '/parking-lots/export',
      '/parking-lots/bulk-delete',
      '/parking-lots/{id}',
    ]);
    const summary = (path: string, method: string) => (document.paths[path]?.[method] as Json).summary;
    expect([
      summary('/parking-lots', 'get'),
      summary('/parking-lots', 'post'),
      summary('/parking-lots/export', 'get'),
      summary('/parking-lots/bulk-delete', 'post'),
      summary('/parking-lots/{id}', 'get'),
      summary('/parking-lots/{id}', 'put'),
      summary('/parking-lots/{id}', 'delete'),
    ]).toEqual([
      '停车场列表 / List parking lots',
      '新增停车场 / Add a parking lot',
      '导出停车场 / Export parking lots as CSV',
      '批量删除停车场 / Delete several parking lots',
      '停车场详情 / One parking lot',
      '编辑停车场 / Change a parking lot',
      '删除停车场 / Delete a parking lot',
    ]);
    expect(document.paths['/parking-lots/{id}']?.parameters).toEqual([
      { $ref: '#/components/parameters/Id' },
    ]);
    expect(document.paths['/parking-lots']?.post).toEqual({
      tags: ['parkingLot'],
      operationId: 'createParkingLot',
      summary: '新增停车场 / Add a parking lot',
      'x-access': 'KEY.ACCESS.PARKING',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ParkingLotInput' } } },
      },
      responses: {
        '200': {
          description: 'The new parking lot.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ParkingLotEnvelope' } } },
        },
        default: { $ref: '#/components/responses/Failure' },
      },
    });
    expect(document.tags).toContainEqual({ name: 'parkingLot', description: '停车场 / Parking lots' });
    expect(resources).toEqual([
      {
        schema: 'ParkingLot',
        path: '/parking-lots',
        itemPath: '/parking-lots/{id}',
        plural: 'ParkingLots',
        access: 'KEY.ACCESS.PARKING',
        noun: { zh: '停车场', en: 'parking lot', enPlural: 'parking lots' },
        operationIds: {
          list: 'listParkingLots',
          get: 'getParkingLot',
          create: 'createParkingLot',
          update: 'updateParkingLot',
          delete: 'deleteParkingLot',
          bulkDelete: 'bulkDeleteParkingLots',
          export: 'exportParkingLots',
        },
      },
    ]);
  });

  it('keeps what the document states and binds the declaration to it', () => {
    const written = { operationId: 'registerParkingLot', summary: '登记停车场 / Register a parking lot' };
    const input = { type: 'object', properties: { name: { type: 'string' } } };
    const sort = { name: 'sort', in: 'query', schema: { type: 'string', enum: ['code'], default: 'code' } };
    const { document, resources } = expand(
      documentWith({ plural: 'Lots' }, (doc) => {
        doc.paths = { ...(doc.paths as Json), '/parking-lots': { post: written } };
        Object.assign(doc.components.schemas as Json, { ParkingLotInput: input });
        Object.assign(doc.components.parameters as Json, { ParkingLotSort: sort });
      }),
    );
    expect(document.paths['/parking-lots']?.post).toEqual(written);
    expect(document.components.schemas?.ParkingLotInput).toEqual(input);
    expect(document.components.parameters?.ParkingLotSort).toEqual(sort);
    expect(resources).toMatchObject([
      { operationIds: { list: 'listLots', create: 'registerParkingLot', bulkDelete: 'bulkDeleteLots' } },
    ]);
  });

  it('derives only the operations it names, and what they need', () => {
    const { document } = expand(documentWith({ operations: ['list', 'get'], defaultSort: 'name' }));
    expect(Object.keys(document.paths)).toEqual(['/login', '/zones', '/parking-lots', '/parking-lots/{id}']);
    expect(Object.keys(document.paths['/parking-lots'] ?? {})).toEqual(['get']);
    expect(document.components.schemas?.ParkingLotInput).toBeUndefined();
    expect(document.components.parameters?.ParkingLotSort?.schema).toMatchObject({ default: 'name' });
  });

  it('leaves the document it was given as it was', () => {
    const doc = documentWith();
    const before = structuredClone(doc);
    expand(doc);
    expect(doc).toEqual(before);
  });

  it('adds the declared filters no field holds to list and export, after the derived ones', () => {
    const passedToday = { $ref: '#/components/parameters/PassedToday' };
    const { document } = expand(documentWith({ filters: [passedToday] }));
    for (const path of ['/parking-lots', '/parking-lots/export']) {
      const parameters = (document.paths[path]?.get as { parameters: unknown[] }).parameters;
      expect(parameters.at(-1)).toEqual(passedToday);
      const same = (parameter: unknown) => JSON.stringify(parameter) === JSON.stringify(passedToday);
      expect(parameters.filter(same)).toHaveLength(1);
    }
  });

  it.each([
    ['an unknown operation', { operations: ['list', 'archive'] }, 'unknown operation "archive"'],
    ['a path without its slash', { path: 'parking-lots' }, 'has path "parking-lots"; it must start with /'],
    ['no access', { access: undefined }, 'needs access'],
    ['an unknown key', { paths: '/x' }, 'unknown keys paths'],
    ['a noun without its plural', { noun: { zh: '停车场', en: 'parking lot' } }, 'needs noun'],
    ['a default sort it cannot sort by', { defaultSort: 'code' }, 'sorts by code by default'],
    ['filters that are not parameters', { filters: ['passedToday'] }, 'has filters that are not a list'],
  ])('refuses a declaration with %s, naming the schema', (_, declaration, problem) => {
    expect(() => expand(documentWith(declaration))).toThrow(ContractError);
    expect(() => expand(documentWith(declaration))).toThrow(
      new RegExp(`^openapi.yaml: x-resource of components.schemas.ParkingLot .*${problem}`),
    );
  });

  it('refuses a derived operationId another path already has', () => {
    const doc = documentWith({}, (edited) => {
      edited.paths = { ...(edited.paths as Json), '/lots/{id}': { get: { operationId: 'getParkingLot' } } };
    });
    expect(() => expand(doc)).toThrow(
      'openapi.yaml: x-resource of components.schemas.ParkingLot derives getParkingLot for GET /parking-lots/{id}, but GET /lots/{id} already has that operationId',
    );
  });

  it('refuses an x-filter it does not know, and contains on a non-string', () => {
    const filtered = (filter: string, property: string) =>
      documentWith({}, (doc) => {
        const lot = (doc.components.schemas as Record<string, { properties: Record<string, Json> }>)
          .ParkingLot;
        if (lot?.properties[property]) lot.properties[property]['x-filter'] = filter;
      });
    expect(() => expand(filtered('like', 'name'))).toThrow(
      `cannot use ParkingLot.name's x-filter "like": it must be one of contains, equals, range`,
    );
    expect(() => expand(filtered('contains', 'photoId'))).toThrow(
      `cannot use ParkingLot.photoId's x-filter "contains": ParkingLot.photoId is not a string`,
    );
  });
});
