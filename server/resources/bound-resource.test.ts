import { describe, expect, it } from 'vitest';
import { bindResource, type ContractFacts } from './bound-resource';
import type { ResourceDefinition } from './resource-definition';

/** What openapi.yaml would say of a parking lot: an owner (reference), tags (linked), a count (computed). */
const facts: ContractFacts = {
  itemFields: [
    'id',
    'name',
    'lotCode',
    'ownerId',
    'ownerName',
    'tagIds',
    'spaceCount',
    'openedOn',
    'createdAt',
  ],
  inputFields: ['name', 'lotCode', 'ownerId', 'tagIds', 'openedOn'],
  uniqueFields: ['lotCode'],
  fileFields: {},
  linkOrders: {},
};

const parkingLots: ResourceDefinition = {
  schema: 'ParkingLot',
  fields: { openedOn: { column: 'opened_date', whenAbsent: null } },
  references: {
    ownerId: {
      table: 'staff',
      what: { zh: '员工', en: 'staff member' },
      labelColumn: 'name',
      label: 'ownerName',
    },
  },
  links: { tagIds: { table: 'parking_lot_tags', ownerColumn: 'lot_id', valueColumn: 'tag_id' } },
  computed: { fields: ['spaceCount'], load: async () => new Map() },
  unique: [['name', 'ownerId']],
};

describe('binding a resource definition by convention', () => {
  it('stores every other item field in its snake_case column and derives table, export name and label', () => {
    const bound = bindResource(parkingLots, facts);
    expect(
      Object.fromEntries(Object.entries(bound.stored).map(([field, { column }]) => [field, column])),
    ).toEqual({
      id: 'id',
      name: 'name',
      lotCode: 'lot_code',
      ownerId: 'owner_id',
      openedOn: 'opened_date',
      createdAt: 'created_at',
    });
    expect(bound.stored.openedOn?.whenAbsent).toBeNull();
    expect(bound).toMatchObject({ table: 'parking_lots', plural: 'parking-lots', labelField: 'name' });
    expect(bound.unique.map((group) => group.map(({ field }) => field))).toEqual([
      ['lotCode'],
      ['name', 'ownerId'],
    ]);
    expect(bound.written.map(({ field, column }) => [field, column])).toEqual([
      ['name', 'name'],
      ['lotCode', 'lot_code'],
      ['ownerId', 'owner_id'],
      ['openedOn', 'opened_date'],
    ]);
  });

  it('keeps what the definition says over the defaults', () => {
    const bound = bindResource(
      { ...parkingLots, table: 'lots', plural: 'car-parks', labelField: 'lotCode' },
      facts,
    );
    expect(bound).toMatchObject({ table: 'lots', plural: 'car-parks', labelField: 'lotCode' });
  });

  it('reads a text kept in both languages from the Chinese column where no language applies', () => {
    const bound = bindResource(
      { ...parkingLots, fields: { name: { byLang: { zh: 'name_zh', en: 'name_en' } } } },
      facts,
    );
    expect(bound.stored.name?.column).toBe('name_zh');
  });

  it.each<[string, Partial<ResourceDefinition>, Partial<ContractFacts>, RegExp]>([
    [
      'a stored field the schema lacks',
      { fields: { openedAt: { whenAbsent: null } } },
      {},
      /names fields its schema lacks: openedAt/,
    ],
    [
      'a computed field the schema lacks',
      { computed: { fields: ['spaces'], load: async () => new Map() } },
      {},
      /lacks: spaces/,
    ],
    ['a unique group member the schema lacks', { unique: [['name', 'city']] }, {}, /lacks: city/],
    ['a label field the schema lacks', { labelField: 'title' }, {}, /lacks: title/],
    [
      'no label field and no name field',
      { unique: [] },
      {
        itemFields: facts.itemFields.filter((field) => field !== 'name'),
        inputFields: facts.inputFields.filter((field) => field !== 'name'),
      },
      /say its labelField/,
    ],
    ['a column for a linked field', { fields: { tagIds: { column: 'tags' } } }, {}, /does not store: tagIds/],
    [
      'an input field without a column',
      {},
      { inputFields: [...facts.inputFields, 'secret'] },
      /without a column: secret/,
    ],
    [
      'x-unique on a field nobody writes',
      {},
      { uniqueFields: ['createdAt'] },
      /not stored input fields: createdAt/,
    ],
  ])('refuses a definition with %s, naming the schema', (_case, change, factChange, message) => {
    const bind = () => bindResource({ ...parkingLots, ...change }, { ...facts, ...factChange });
    expect(bind).toThrow(message);
    expect(bind).toThrow(/^resource ParkingLot: /);
  });
});
