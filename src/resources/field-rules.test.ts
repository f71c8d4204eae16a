import Schema from '@rc-component/async-validator';
import type { RuleItem } from '@rc-component/async-validator';
import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import type { LocalText } from '../generated/settings';
import { descriptorRules, inSentence, rangeText, serverFieldMessage } from './field-rules';
import { field, statusOptions } from './test-fixtures';

const zh = (text: LocalText) => text.zh;
const en = (text: LocalText) => text.en;

// antd's Form runs these rules through this validator, one rule after another (validateFirst).
async function firstBroken(rules: FormRule[], value: unknown): Promise<string | undefined> {
  for (const rule of rules) {
    if (typeof rule === 'function') throw new Error('unexpected rule function');
    try {
      await new Schema({ value: rule as RuleItem }).validate({ value });
    } catch (failure) {
      const { errors } = failure as { errors: { message: string }[] };
      return errors[0]?.message;
    }
  }
  return undefined;
}

const name = field({
  name: 'name',
  label: { zh: '名称', en: 'Name' },
  required: true,
  minLength: 1,
  maxLength: 8,
});
const serial = field({
  name: 'serialNumber',
  label: { zh: '序列号', en: 'Serial number' },
  required: true,
  pattern: '^[A-Za-z0-9][A-Za-z0-9-]{3,63}$',
});
const ip = field({
  name: 'ip',
  label: { zh: 'IP地址', en: 'IP address' },
  widget: 'ip',
  format: 'ipv4',
  required: true,
});
const port = field({
  name: 'port',
  label: { zh: '端口', en: 'Port' },
  type: 'integer',
  widget: 'number',
  required: true,
  minimum: 1,
  maximum: 65535,
});

describe('descriptorRules', () => {
  it('checks required and length of strings, naming the field', async () => {
    const rules = descriptorRules(name, zh);
    expect(await firstBroken(rules, '')).toBe('请输入名称');
    expect(await firstBroken(rules, '   ')).toBe('请输入名称');
    expect(await firstBroken(rules, '边缘盒子-123456')).toBe('名称长度不能超过 8 个字符');
    expect(await firstBroken(rules, '边缘盒子-01')).toBeUndefined();
  });

  it('checks the pattern from openapi.yaml', async () => {
    const rules = descriptorRules(serial, en);
    expect(await firstBroken(rules, 'ab')).toBe('The serial number is not in the right format');
    expect(await firstBroken(rules, 'SN-0001')).toBeUndefined();
  });

  it('checks IPv4 addresses', async () => {
    const rules = descriptorRules(ip, zh);
    for (const bad of ['999.1.1.1', '10.0.0', 'host.local', '01.2.3.4']) {
      expect(await firstBroken(rules, bad)).toBe('IP地址须为有效的 IPv4 地址，如 192.168.1.10');
    }
    expect(await firstBroken(rules, '192.168.1.10')).toBeUndefined();
  });

  it('checks number ranges and whole numbers', async () => {
    const rules = descriptorRules(port, zh);
    expect(await firstBroken(rules, undefined)).toBe('请输入端口');
    expect(await firstBroken(rules, 0)).toBe('端口须在 1 到 65535 之间');
    expect(await firstBroken(rules, 70000)).toBe('端口须在 1 到 65535 之间');
    expect(await firstBroken(rules, 8.5)).toBe('端口须为整数');
    expect(await firstBroken(rules, 8080)).toBeUndefined();
  });

  it('lets optional fields stay empty but still limits what is typed', async () => {
    const rules = descriptorRules(field({ name: 'note', maxLength: 4 }), zh);
    expect(await firstBroken(rules, '')).toBeUndefined();
    expect(await firstBroken(rules, 'abcde')).toBe('note长度不能超过 4 个字符');
    expect(
      await firstBroken(
        descriptorRules(field({ name: 'n', type: 'number', widget: 'number' }), zh),
        undefined,
      ),
    ).toBeUndefined();
  });

  it('asks to choose a required option', async () => {
    const rules = descriptorRules(
      field({ name: 'status', label: { zh: '状态', en: 'Status' }, options: statusOptions, required: true }),
      en,
    );
    expect(await firstBroken(rules, undefined)).toBe('Please choose the status');
    expect(await firstBroken(rules, 'online')).toBeUndefined();
  });

  it('asks to choose a required date or reference', async () => {
    for (const widget of ['date', 'datetime', 'reference'] as const) {
      const rules = descriptorRules(field({ name: 'when', widget, required: true }), zh);
      expect(await firstBroken(rules, undefined)).toBe('请选择when');
    }
  });

  it('checks an array: at least one when required, at most maxItems, each free item by its pattern', async () => {
    const classes = field({
      name: 'classes',
      label: { zh: '类别', en: 'Classes' },
      type: 'array',
      itemType: 'string',
      widget: 'tags',
      required: true,
      maxItems: 2,
      maxLength: 8,
      pattern: '^[a-z_]+$',
    });
    const rules = descriptorRules(classes, en);
    expect(await firstBroken(rules, [])).toBe('Please choose the classes');
    expect(await firstBroken(rules, ['a', 'b', 'c'])).toBe('At most 2 classes');
    expect(await firstBroken(rules, ['helmet', 'No Vest'])).toBe('“No Vest” is not a valid classes');
    expect(await firstBroken(rules, ['helmet', 'far_too_long'])).toBe(
      '“far_too_long” is not a valid classes',
    );
    expect(await firstBroken(rules, ['helmet', 'vest'])).toBeUndefined();
    // Chosen from an enum, the items need no text checks.
    const chosen = descriptorRules({ ...classes, options: statusOptions, pattern: '^x$' }, en);
    expect(await firstBroken(chosen, ['online'])).toBeUndefined();
  });

  it('has nothing to check on a switch', () => {
    expect(descriptorRules(field({ name: 'on', type: 'boolean', widget: 'switch' }), zh)).toEqual([]);
  });

  it('words one-sided ranges', () => {
    expect(rangeText({ zh: '路数', en: 'Channels' }, 1, null)).toEqual({
      zh: '路数不能小于 1',
      en: 'The channels must be at least 1',
    });
    expect(rangeText({ zh: '路数', en: 'Channels' }, null, 9).zh).toBe('路数不能大于 9');
  });
});

describe('inSentence', () => {
  it('lowers the first letter of a label but keeps acronyms', () => {
    expect(inSentence('Serial number')).toBe('serial number');
    expect(inSentence('IP address')).toBe('IP address');
    expect(inSentence('CPU load')).toBe('CPU load');
  });
});

describe('serverFieldMessage', () => {
  const serial = { zh: '序列号', en: 'Serial number' };
  it('puts the label before the server reason', () => {
    expect(serverFieldMessage(serial, '已存在', zh)).toBe('序列号已存在');
    expect(serverFieldMessage(serial, 'already exists', en)).toBe('Serial number already exists');
  });

  it('leaves a message that names the field already', () => {
    expect(serverFieldMessage(serial, '序列号格式不正确', zh)).toBe('序列号格式不正确');
  });
});
