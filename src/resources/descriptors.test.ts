import { describe, expect, it } from 'vitest';
import { fieldDefaults, fieldOf, resourceOf, type ResourceSource } from './descriptors';

const source: ResourceSource = {
  name: 'device',
  title: { zh: '设备', en: 'Devices' },
  access: 'KEY.DEVICE.AISERVER',
  route: '/equipment/device',
  paths: { collection: '/devices', item: '/devices/{id}' },
  operations: { list: true, get: true },
  pageSizeMax: 50,
  fields: [
    {
      name: 'status',
      label: { zh: '状态', en: 'Status' },
      widget: 'status',
      table: true,
      options: [
        { value: 'online', label: { zh: '在线', en: 'Online' }, color: 'success' },
        { value: 'gone', label: { zh: '消失', en: 'Gone' } },
      ],
    },
  ],
  actions: [
    { name: 'reset', label: { zh: '重置', en: 'Reset' }, method: 'post', path: '/devices/{id}/reset' },
  ],
};

describe('resourceOf', () => {
  it('fills in every default a descriptor leaves out, at every level', () => {
    const descriptor = resourceOf(source);
    expect(descriptor).toMatchObject({
      paths: { collection: '/devices', item: '/devices/{id}', export: null, bulkDelete: null },
      operations: {
        list: true,
        get: true,
        create: false,
        update: false,
        delete: false,
        bulkDelete: false,
        export: false,
        choices: false,
      },
      defaultSort: null,
      actions: [{ name: 'reset', confirm: null, showsSecret: false, when: null, fields: [] }],
    });
    expect(descriptor.fields[0]).toEqual({
      ...fieldDefaults,
      name: 'status',
      label: { zh: '状态', en: 'Status' },
      widget: 'status',
      table: true,
      options: [
        { value: 'online', label: { zh: '在线', en: 'Online' }, color: 'success' },
        { value: 'gone', label: { zh: '消失', en: 'Gone' }, color: null },
      ],
    });
  });

  it('gives the same descriptor for the same source, so screens may key on it', () => {
    expect(resourceOf(source)).toBe(resourceOf(source));
  });
});

describe('fieldOf', () => {
  it('keeps what the source states over the defaults', () => {
    const field = fieldOf({
      name: 'port',
      label: { zh: '端口', en: 'Port' },
      widget: 'number',
      type: 'integer',
    });
    expect(field).toMatchObject({ type: 'integer', required: false, options: null, minimum: null });
  });
});
