import { describe, expect, it } from 'vitest';
import { parseFieldSpec, parseFieldSpecs } from './field-specs';

describe('new:resource field specs', () => {
  it('reads name, type with its length, flags and a label whose English has spaces', () => {
    const field = parseFieldSpec('openedOn:date:sort,search:启用日期/Opened on');
    expect(field).toMatchObject({
      name: 'openedOn',
      type: { kind: 'date' },
      label: { zh: '启用日期', en: 'Opened on' },
    });
    expect([...field.flags]).toEqual(['sort', 'search']);
    expect(parseFieldSpec('name:string(32)::名称/Name').type).toEqual({ kind: 'string', maxLength: 32 });
    expect(parseFieldSpec('note:text::备注/Note').type).toEqual({ kind: 'text', maxLength: 500 });
  });

  it('reads enum values with their labels, colons and slashes inside the parentheses included', () => {
    const field = parseFieldSpec('status:enum(open=开放/Open,full=已满/Full: no space):required:状态/Status');
    expect(field.type).toEqual({
      kind: 'enum',
      values: [
        { value: 'open', label: { zh: '开放', en: 'Open' } },
        { value: 'full', label: { zh: '已满', en: 'Full: no space' } },
      ],
    });
  });

  it.each([
    ['Name:string::名称/Name', /must be lowerCamelCase/],
    ['id:integer::编号/ID', /added to every resource/],
    ['name:string', /name:type:flags:中文\/English/],
    ['name:strin::名称/Name', /unknown type "strin"/],
    ['name:string(0)::名称/Name', /length "0"/],
    ['name:integer(3)::名称/Name', /takes no/],
    ['name:string:indexed:名称/Name', /unknown flag "indexed"/],
    ['name:string::名称', /must be 中文\/English/],
    ['status:enum(open)::状态/Status', /give the enum value open a label/],
    ['status:enum(Open=开/Open)::状态/Status', /lower-case/],
    ['status:enum(a=甲/A,a=乙/B)::状态/Status', /given twice/],
  ])('refuses %s naming what is wrong', (spec, message) => {
    expect(() => parseFieldSpec(spec)).toThrow(message);
  });

  it('refuses no fields and a field given twice', () => {
    expect(() => parseFieldSpecs([])).toThrow(/at least one field/);
    expect(() => parseFieldSpecs(['name:string::名称/Name', 'name:text::名称/Name'])).toThrow(
      /name is given twice/,
    );
  });
});
