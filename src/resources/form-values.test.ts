import { describe, expect, it } from 'vitest';
import {
  entityTitle,
  formFields,
  hasUnsavedChanges,
  initialFormValues,
  requestBody,
  splitAnswer,
} from './form-values';
import { device, field, statusOptions } from './test-fixtures';

const fields = [
  field({ name: 'name', required: true }),
  field({ name: 'note' }),
  field({ name: 'secret', widget: 'password' }),
  field({ name: 'port', type: 'integer', widget: 'number' }),
  field({ name: 'kind', options: statusOptions }),
  field({ name: 'alias', nullable: true }),
  field({ name: 'on', type: 'boolean', widget: 'switch' }),
];

describe('form values', () => {
  it('takes the form fields in descriptor order', () => {
    expect(formFields(device).map((f) => f.name)).toEqual(['name', 'port', 'note', 'enabled']);
  });

  it('starts empty when creating and from the entity when editing', () => {
    expect(initialFormValues(fields)).toEqual({
      name: '',
      note: '',
      secret: '',
      port: undefined,
      kind: undefined,
      alias: '',
      on: false,
    });
    const entity = { id: 3, name: 'a', note: null, port: 80, kind: 'online', alias: null, on: true };
    expect(initialFormValues(fields, entity)).toMatchObject({
      name: 'a',
      note: '',
      port: 80,
      kind: 'online',
      on: true,
    });
  });

  it('builds the request body: trimmed strings, blanks as the schema allows', () => {
    const values = {
      name: ' box ',
      note: '  ',
      secret: ' p w ',
      port: undefined,
      kind: undefined,
      alias: '',
      on: false,
    };
    expect(requestBody(fields, values)).toEqual({
      name: 'box',
      note: '',
      secret: ' p w ',
      alias: null,
      on: false,
    });
  });

  it('sees changes only where the body would differ', () => {
    const initial = initialFormValues(fields, { name: 'box', port: 80 });
    expect(hasUnsavedChanges(fields, initial, { ...initial, name: 'box ' })).toBe(false);
    expect(hasUnsavedChanges(fields, initial, { ...initial, port: 81 })).toBe(true);
    expect(hasUnsavedChanges(fields, initial, { ...initial, on: true })).toBe(true);
  });
});

describe('picked and array values', () => {
  const picked = [
    field({ name: 'validFrom', widget: 'date', format: 'date' }),
    field({ name: 'visitAt', widget: 'datetime', format: 'date-time', nullable: true }),
    field({ name: 'classes', type: 'array', itemType: 'string', widget: 'tags' }),
    field({ name: 'roleIds', type: 'array', itemType: 'integer', widget: 'references' }),
  ];

  it('starts pickers empty and arrays as empty lists', () => {
    expect(initialFormValues(picked)).toEqual({
      validFrom: undefined,
      visitAt: undefined,
      classes: [],
      roleIds: [],
    });
  });

  it('leaves an unpicked date out (or null when nullable) instead of sending an empty string', () => {
    expect(requestBody(picked, initialFormValues(picked))).toEqual({
      visitAt: null,
      classes: [],
      roleIds: [],
    });
  });

  it('compares arrays by content, in order', () => {
    const initial = initialFormValues(picked, { classes: ['helmet'], roleIds: [1, 2] });
    expect(hasUnsavedChanges(picked, initial, { ...initial, roleIds: [1, 2] })).toBe(false);
    expect(hasUnsavedChanges(picked, initial, { ...initial, roleIds: [2, 1] })).toBe(true);
    expect(hasUnsavedChanges(picked, initial, { ...initial, classes: ['helmet', 'vest'] })).toBe(true);
  });
});

describe('answers and titles', () => {
  it('splits a create answer into the entity and the secret shown once', () => {
    const server = { id: 7, name: 'box' };
    expect(splitAnswer({ server, ingestKey: 'k-123' })).toEqual({
      entity: server,
      secrets: [{ name: 'ingestKey', value: 'k-123' }],
    });
    expect(splitAnswer({ ingestKey: 'k-456' })).toEqual({
      entity: null,
      secrets: [{ name: 'ingestKey', value: 'k-456' }],
    });
    expect(splitAnswer(server)).toEqual({ entity: server, secrets: [] });
    expect(splitAnswer(null)).toEqual({ entity: null, secrets: [] });
  });

  it('names an entity by its first table text, else its id', () => {
    expect(entityTitle(device, { id: 4, name: '边缘盒子-01' })).toBe('边缘盒子-01');
    expect(entityTitle(device, { id: 4, name: '' })).toBe('#4');
  });
});
