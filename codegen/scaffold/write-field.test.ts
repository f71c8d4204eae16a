import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { inputFiles } from '../inputs';
import type { Json } from '../test-support';
import { scaffoldRepoPerTest } from './scaffold-test-repo';
import { readFieldAddition, type FieldArguments } from './field-addition';
import { writeField } from './write-field';
import { migrationsDir } from './write-resource';

// new:field over a copy of the real inputs: the field lands in the item schema (and the written-out
// input), the manifest resource and a migration of its own, every other line kept; a refused
// command leaves every file as it was.

const repo = scaffoldRepoPerTest();
const { read } = repo;
const add = (args: FieldArguments) => writeField(repo.rootDir, readFieldAddition(args));
const schemasOf = (text: string) => (parse(text) as Json).components.schemas as Json;
const resourceOf = (schema: string) =>
  ((JSON.parse(read(inputFiles.manifest)) as Json).resources as Json[]).find(
    (entry) => entry.schema === schema,
  ) as Json;

/** The lines of `after` beyond those of `before` (each line of `before` met once), in order. */
function addedLines(before: string, after: string): string[] {
  const unmet = new Map<string, number>();
  for (const line of before.split('\n')) unmet.set(line, (unmet.get(line) ?? 0) + 1);
  return after.split('\n').filter((line) => {
    const count = unmet.get(line) ?? 0;
    unmet.set(line, count - 1);
    return count <= 0;
  });
}

describe('npm run new:field', () => {
  it('adds an optional searched field before createdAt, in both schemas of the staff', async () => {
    const openapiBefore = read(inputFiles.openapi);
    const manifestBefore = read(inputFiles.manifest);
    await add({ schema: 'Staff', field: 'contact:string(32):search:联系人/Contact' });

    expect(addedLines(openapiBefore, read(inputFiles.openapi))).toEqual([
      "        contact: { type: [string, 'null'], maxLength: 32 }",
      "        contact: { type: [string, 'null'], maxLength: 32, x-filter: contains }",
    ]);
    const schemas = schemasOf(read(inputFiles.openapi));
    const itemFields = Object.keys(schemas.Staff.properties);
    expect(itemFields.slice(-3)).toEqual(['contact', 'createdAt', 'updatedAt']);
    expect(Object.keys(schemas.StaffInput.properties).at(-1)).toBe('contact');
    expect(schemas.Staff.required).not.toContain('contact');

    const fields = resourceOf('Staff').fields as Json[];
    expect(fields.map((field) => field.name).slice(-3)).toEqual(['contact', 'createdAt', 'updatedAt']);
    expect(fields.at(-3)).toEqual({
      name: 'contact',
      label: { zh: '联系人', en: 'Contact' },
      show: ['table', 'search', 'form', 'detail'],
      widget: 'text',
    });
    // Only the new entry is written; every other keeps its layout.
    const lineCount = (text: string) => text.split('\n').length;
    expect(lineCount(read(inputFiles.manifest)) - lineCount(manifestBefore)).toBe(6);
  });

  it('adds a required enum after a given field, in the required lists, with its own schema', async () => {
    const before = read(inputFiles.openapi);
    await add({
      schema: 'Staff',
      field: 'level:enum(a=甲级/A,b=乙级/B):required,sort:等级/Level',
      after: 'name',
      default: 'b',
    });
    const schemas = schemasOf(read(inputFiles.openapi));
    expect(schemas.StaffLevel).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(Object.keys(schemas.Staff.properties).slice(0, 4)).toEqual(['id', 'employeeNo', 'name', 'level']);
    expect(schemas.Staff.properties.level).toEqual({
      $ref: '#/components/schemas/StaffLevel',
      'x-sort': true,
    });
    expect(schemas.Staff.required.slice(0, 4)).toEqual(['id', 'employeeNo', 'name', 'level']);
    expect(schemas.StaffInput.required).toEqual(['employeeNo', 'name', 'level', 'gender']);
    expect(schemas.StaffInput.properties.level).toEqual({ $ref: '#/components/schemas/StaffLevel' });
    const beforeSchemas = schemasOf(before);
    expect(Object.keys(schemas).filter((name) => !(name in beforeSchemas))).toEqual(['StaffLevel']);

    const fields = resourceOf('Staff').fields as Json[];
    const level = fields[fields.findIndex((field) => field.name === 'name') + 1];
    expect(level).toMatchObject({ name: 'level', widget: 'select', options: { b: { zh: '乙级', en: 'B' } } });
  });

  it('writes the next migration: the column, the rows already there filled, its index', async () => {
    const migrationsBefore = readdirSync(join(repo.rootDir, migrationsDir));
    const written = await add({
      schema: 'Staff',
      field: 'level:enum(a=甲级/A,b=乙级/B):required,sort:等级/Level',
      default: 'b',
    });
    const migration = written.find((file) => file.startsWith(migrationsDir)) as string;
    expect(readdirSync(join(repo.rootDir, migrationsDir))).toHaveLength(migrationsBefore.length + 1);
    expect(migration).toMatch(/\/\d{4}-staff-level\.ts$/);
    expect(migrationsBefore.every((file) => file < (migration.split('/').at(-1) ?? ''))).toBe(true);
    const text = read(migration);
    expect(text).toContain(".alterTable('staff')");
    expect(text).toMatch(/\.addColumn\('level', 'text', \(c\) =>\s+c\s+\.notNull\(\)\s+\.defaultTo\('b'\)/);
    expect(text).toContain("check(sql`level in ('a', 'b')`)");
    expect(text).toContain(".createIndex('staff_level').on('staff').columns(['level', 'id'])");
    expect(text).toContain(".dropColumn('level')");
  });

  it('puts an enum schema before the item and the input property before that (vehicles)', async () => {
    await add({ schema: 'Vehicle', field: 'grade:enum(a=甲/A,b=乙/B):required:等级/Grade', default: 'a' });
    const schemas = schemasOf(read(inputFiles.openapi));
    const names = Object.keys(schemas);
    expect(names.slice(names.indexOf('VehicleInput'), names.indexOf('Vehicle') + 1)).toEqual([
      'VehicleInput',
      'VehicleGrade',
      'Vehicle',
    ]);
    expect(Object.keys(schemas.VehicleInput.properties).at(-1)).toBe('grade');
  });

  it('gives a unique field a unique index, and a flag its type by database', async () => {
    const [, , unique = ''] = await add({ schema: 'Vehicle', field: 'tag:string(16):unique:标签/Tag' });
    expect(read(unique)).toContain(".createIndex('vehicles_tag').on('vehicles').column('tag').unique()");
    const [, , flag = ''] = await add({
      schema: 'Model',
      field: 'gpu:boolean:required:需要GPU/Needs GPU',
      default: 'true',
    });
    expect(read(flag)).toContain(
      ".addColumn('gpu', t.flag, (c) => c.notNull().defaultTo(t.flagValue(true)))",
    );
  });

  it.each([
    [{ schema: 'Parking' }, /openapi.yaml has no schema Parking/],
    [{ schema: 'Camera' }, /Camera declares no x-resource/],
    [{ field: 'name:string(32)::姓名/Name' }, /Staff already has a field name/],
    [{ field: 'contact:varchar::联系人/Contact' }, /unknown type "varchar"/],
    [{ field: 'contact:string(32)' }, /write it as name:type:flags:中文\/English/],
    [{ after: 'nickname' }, /--after nickname: Staff has no such field/],
    [{ field: 'contact:string(32):required:联系人/Contact' }, /contact is required: give --default VALUE/],
    [{ default: 'x' }, /--default fills a required field; contact is optional/],
    [
      { field: 'n:integer:required:数/N', default: '1.5' },
      /--default "1.5" for n: it must be a whole number/,
    ],
    [{ field: 'code:string(8):required,unique:编码/Code', default: 'x' }, /a required unique field/],
  ])('refuses %o and writes nothing', async (change, message) => {
    const files = [inputFiles.openapi, inputFiles.manifest];
    const before = files.map(read);
    const migrations = readdirSync(join(repo.rootDir, migrationsDir));
    await expect(
      (async () => add({ schema: 'Staff', field: 'contact:string(32):search:联系人/Contact', ...change }))(),
    ).rejects.toThrow(message);
    expect(files.map(read)).toEqual(before);
    expect(readdirSync(join(repo.rootDir, migrationsDir))).toEqual(migrations);
  });
});
