import { fieldOf, type FieldDescriptor, type ResourceDescriptor } from './descriptors';

/** A text field in the table, the form and the detail; tests name only what they check. */
export function field(overrides: Partial<FieldDescriptor> & { name: string }): FieldDescriptor {
  return fieldOf({
    label: { zh: overrides.name, en: overrides.name },
    widget: 'text',
    table: true,
    form: true,
    detail: true,
    ...overrides,
  });
}

export const statusOptions = [
  { value: 'online', label: { zh: '在线', en: 'Online' }, color: 'success' },
  { value: 'offline', label: { zh: '离线', en: 'Offline' }, color: 'default' },
];

/** An AI-server-like resource: text, enum, number, nullable and secret-bearing pieces. */
export const device: ResourceDescriptor = {
  name: 'device',
  title: { zh: '设备', en: 'Devices' },
  access: 'KEY.DEVICE.AISERVER',
  exportAccess: null,
  route: '/equipment/device',
  paths: {
    collection: '/devices',
    item: '/devices/{id}',
    export: '/devices/export',
    bulkDelete: null,
    import: null,
    importTemplate: null,
  },
  operations: {
    list: true,
    get: true,
    create: true,
    update: true,
    delete: true,
    bulkDelete: false,
    export: true,
    choices: false,
    import: false,
  },
  defaultSort: '-createdAt',
  pageSizeMax: 50,
  liveEvent: null,
  fields: [
    field({ name: 'id', type: 'integer', widget: 'number', table: false, form: false }),
    field({
      name: 'name',
      label: { zh: '名称', en: 'Name' },
      required: true,
      minLength: 1,
      maxLength: 8,
      search: true,
      filter: 'contains',
      sortable: true,
    }),
    field({
      name: 'status',
      widget: 'status',
      form: false,
      search: true,
      filter: 'equals',
      options: statusOptions,
      sortable: true,
    }),
    field({ name: 'port', type: 'integer', widget: 'number', minimum: 1, maximum: 65535, required: true }),
    field({ name: 'note', widget: 'textarea', maxLength: 16, search: true, filter: 'contains' }),
    field({ name: 'load', type: 'number', widget: 'percent', nullable: true, form: false }),
    field({ name: 'enabled', type: 'boolean', widget: 'switch', search: true, filter: 'equals' }),
    field({ name: 'createdAt', widget: 'datetime', format: 'date-time', form: false, sortable: true }),
  ],
  filters: [],
  actions: [],
};
