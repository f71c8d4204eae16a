import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contract, startTestApp, testAdminPassword } from '../test-support/test-app';
import { boxesText, exportColumns, zonedDateTime, type Reader } from './export-columns';
import { changedFieldsText } from './field-labels';

interface ManifestField {
  readonly name: string;
  readonly label: { readonly zh: string; readonly en: string };
  readonly widget: string;
}
interface ManifestResource {
  readonly schema: string;
  readonly operations?: { readonly export?: string };
  readonly fields: readonly ManifestField[];
}

// Read here from the inputs themselves, so the expectations follow the manifest and the contract.
const manifest = JSON.parse(
  readFileSync(new URL('../../manifest/console.json', import.meta.url), 'utf8'),
) as {
  resources: ManifestResource[];
};
const itemFieldsOf = (schema: string) =>
  Object.keys(contract.document.components?.schemas?.[schema]?.properties ?? {});

/** The resource's export: the manifest's, else its schema's `x-resource` declaration's. */
const exportOf = (resource: ManifestResource) =>
  resource.operations?.export ??
  contract.resources.find((declared) => declared.schema === resource.schema)?.operationIds.export;

describe('every export', () => {
  const exporting = manifest.resources.flatMap((resource) => {
    const operationId = exportOf(resource);
    return operationId === undefined ? [] : [{ ...resource, operationId }];
  });

  it('is headed by the manifest’s labels of the item’s fields, in the reader’s language, times with the zone', async () => {
    expect(exporting.length).toBeGreaterThan(0);
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    for (const resource of exporting) {
      const itemFields = itemFieldsOf(resource.schema);
      const fields = resource.fields.filter((field) => itemFields.includes(field.name));
      for (const lang of ['zh', 'en'] as const) {
        const { status, text } = await t.call(resource.operationId, {
          token,
          lang: lang === 'zh' ? 'zh-CN' : 'en-US',
          headers: { 'x-time-zone': 'Asia/Shanghai' },
        });
        expect(status, resource.schema).toBe(200);
        const expected = fields.map((field) =>
          field.widget === 'datetime' ? `${field.label[lang]} (Asia/Shanghai)` : field.label[lang],
        );
        const header = text.slice(1).split('\r\n')[0] ?? '';
        expect(header.split(','), `${resource.schema} ${lang}`).toEqual(expected);
      }
    }
  });
});

describe('export cells', () => {
  const zh: Reader = { lang: 'zh', timeZone: 'America/New_York' };
  const cells = (schema: string, item: Record<string, unknown>, reader = zh) =>
    exportColumns(schema, Object.keys(item), reader).map((column) => column.cell(item));

  it('write an instant on the zone’s clocks, daylight saving time included', () => {
    expect(zonedDateTime('2030-01-15T12:00:00.000Z', 'America/New_York')).toBe('2030-01-15 07:00:00');
    expect(zonedDateTime('2030-07-15T12:00:00.000Z', 'America/New_York')).toBe('2030-07-15 08:00:00');
    expect(zonedDateTime('2030-07-15T12:00:00.000Z', 'Asia/Shanghai')).toBe('2030-07-15 20:00:00');
    // One export's column keeps each quarter hour's offset: the clocks still jump where they do.
    const [created] = exportColumns('AiServer', ['createdAt'], zh);
    const times = ['2030-03-10T06:59:59.000Z', '2030-03-10T07:00:00.000Z', '2030-03-10T06:30:00.000Z'];
    expect(times.map((createdAt) => created?.cell({ createdAt }))).toEqual([
      '2030-03-10 01:59:59',
      '2030-03-10 03:00:00',
      '2030-03-10 01:30:00',
    ]);
    // A change inside a quarter hour (Liberia's clocks in 1972, moved by 44 minutes 30 seconds).
    const [monrovia] = exportColumns('AiServer', ['createdAt'], { lang: 'zh', timeZone: 'Africa/Monrovia' });
    const liberian = ['1972-01-07T00:30:00.000Z', '1972-01-07T00:44:29.000Z', '1972-01-07T00:44:30.000Z'];
    expect(liberian.map((createdAt) => monrovia?.cell({ createdAt }))).toEqual([
      '1972-01-06 23:45:30',
      '1972-01-06 23:59:59',
      '1972-01-07 00:44:30',
    ]);
  });

  it('write enum values, booleans, percentages and references as the screens show them', () => {
    expect(cells('Role', { builtin: true, accessKeys: ['KEY.MODEL'] })).toEqual([['模型管理'], '是']);
    expect(cells('Role', { builtin: false }, { lang: 'en', timeZone: 'UTC' })).toEqual(['No']);
    expect(cells('AiServer', { status: 'online', cpuLoad: 37.5 })).toEqual(['在线', '37.5%']);
    expect(cells('Camera', { aiServerId: 3, aiServerName: '边缘盒子-3' })).toEqual(['边缘盒子-3']);
    expect(cells('User', { roleIds: [2, 3], roleNames: ['值班', '运维'] })).toEqual([['值班', '运维']]);
    // A value the manifest gives no label keeps its own.
    expect(cells('AiServer', { status: 'rebooting' })).toEqual(['rebooting']);
  });

  it('write detection boxes as words', () => {
    expect(
      boxesText([
        { x: 0.1, y: 0.2, width: 0.3, height: 0.4, label: '未戴安全帽', confidence: 0.91 },
        { x: 0, y: 0.5, width: 0.125, height: 0.5 },
      ]),
    ).toBe('未戴安全帽 91% (10%,20% 30%×40%); (0%,50% 12.5%×50%)');
    expect(boxesText([])).toBe('');
  });

  it('keep a resource the manifest does not list by its field names', () => {
    const columns = exportColumns('Unlisted', ['id', 'name'], zh);
    expect(columns.map((column) => column.header)).toEqual(['id', 'name']);
  });
});

describe('changedFieldsText', () => {
  it('names the fields by their labels in both languages, a field without one by its name', () => {
    expect(changedFieldsText('AiServer', ['name', 'port', 'extra'])).toEqual({
      zh: '修改：名称、端口、extra',
      en: 'changed: Name, Port, extra',
    });
    expect(changedFieldsText('AiServer', [])).toEqual({ zh: '无变更', en: 'nothing changed' });
  });
});
