import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { inputFiles } from '../inputs';
import type { Json } from '../test-support';
import { scaffoldRepoPerTest } from './scaffold-test-repo';
import { readResourceSpec, type ResourceArguments } from './resource-spec';
import { migrationsDir, writeResource } from './write-resource';

// The scaffold over a copy of the real inputs: what it writes parses, sits where docs/extending.md
// says, and a refused command leaves every file as it was.

const locker: ResourceArguments = {
  schema: 'Locker',
  title: '储物柜/Lockers',
  route: '/door/locker',
  key: 'KEY.ACCESS.LOCKER',
  fields: [
    'name:string(64):required,search,sort:名称/Name',
    'code:string(16):required,search,unique:编码/Code',
    'status:enum(open=开放/Open,closed=关闭/Closed):required,search:状态/Status',
    'openedOn:date:sort:启用日期/Opened on',
  ],
};

const repo = scaffoldRepoPerTest();
const { read } = repo;

describe('npm run new:resource', () => {
  it('adds the schema and key to openapi.yaml, keeping every other line as it was', async () => {
    const before = read(inputFiles.openapi);
    await writeResource(repo.rootDir, readResourceSpec(locker));
    const after = read(inputFiles.openapi);
    const added = after.split('\n').length - before.split('\n').length;
    const kept = after.split('\n').filter((line) => before.includes(line)).length;
    expect(kept).toBeGreaterThanOrEqual(before.split('\n').length - 1);
    expect(added).toBeGreaterThan(10);
    const doc = parse(after) as Json;
    const keys = doc.components.schemas.AccessKey.enum as string[];
    const keysBefore = (parse(before) as Json).components.schemas.AccessKey.enum as string[];
    const lastSibling = keysBefore.findLastIndex((key) => key.startsWith('KEY.ACCESS'));
    expect(keys.indexOf('KEY.ACCESS.LOCKER')).toBe(lastSibling + 1);
    const schema = doc.components.schemas.Locker;
    expect(schema['x-resource']).toMatchObject({ path: '/lockers', access: 'KEY.ACCESS.LOCKER' });
    expect(schema.required).toEqual(['id', 'name', 'code', 'status', 'createdAt', 'updatedAt']);
    expect(schema.properties.code).toMatchObject({ 'x-filter': 'contains', 'x-unique': true, maxLength: 16 });
    expect(schema.properties.openedOn).toMatchObject({
      type: ['string', 'null'],
      format: 'date',
      'x-sort': true,
    });
    expect(doc.components.schemas.LockerStatus.enum).toEqual(['open', 'closed']);
  });

  it('adds the key, the route under its group and the resource to the manifest', async () => {
    await writeResource(repo.rootDir, readResourceSpec(locker));
    const manifest = JSON.parse(read(inputFiles.manifest)) as Json;
    expect(manifest.accessKeys).toContainEqual({
      key: 'KEY.ACCESS.LOCKER',
      label: { zh: '储物柜', en: 'Lockers' },
      parent: 'KEY.ACCESS',
    });
    const door = (manifest.routes as Json[]).find((route) => route.path === '/door') as Json;
    expect(door.children.at(-1)).toMatchObject({
      path: '/door/locker',
      resource: 'locker',
      modules: ['monitor'],
    });
    const resource = (manifest.resources as Json[]).find((entry) => entry.name === 'locker') as Json;
    expect(resource.fields.map((field: Json) => field.name)).toEqual([
      'id',
      'name',
      'code',
      'status',
      'openedOn',
      'createdAt',
      'updatedAt',
    ]);
    expect(resource.fields[3]).toMatchObject({
      widget: 'select',
      options: { open: { zh: '开放', en: 'Open' } },
    });
  });

  it('writes the next migration with snake_case columns', async () => {
    const before = readdirSync(join(repo.rootDir, migrationsDir)).length;
    const written = await writeResource(repo.rootDir, readResourceSpec(locker));
    const migration = written.find((file) => file.startsWith(migrationsDir)) as string;
    expect(readdirSync(join(repo.rootDir, migrationsDir))).toHaveLength(before + 1);
    expect(migration).toMatch(/\/\d{4}-lockers\.ts$/);
    const text = read(migration);
    expect(text).toContain(".createTable('lockers')");
    expect(text).toContain(".addColumn('opened_on', 'text')");
    expect(text).toContain(".addColumn('code', 'text', (c) => c.notNull().unique())");
    expect(text).toContain("check(sql`status in ('open', 'closed')`)");
  });

  it.each([
    [{ key: 'KEY.PARKING.LOTS' }, /no access key KEY.PARKING/],
    [{ key: 'KEY.ACCESS.CAR' }, /already has the access key KEY.ACCESS.CAR|already has KEY.ACCESS.CAR/],
    [{ route: '/storage/lockers' }, /no menu group \/storage/],
    [{ route: '/door/staff' }, /already has the route \/door\/staff/],
    [{ schema: 'Staff', plural: 'Staffs' }, /already has a resource staff/],
    [{ schema: 'AccessKey', plural: 'AccessKeyz' }, /already has a schema AccessKey/],
  ])('refuses %o and writes nothing', async (change, message) => {
    const files = [inputFiles.openapi, inputFiles.manifest];
    const before = files.map(read);
    const migrations = readdirSync(join(repo.rootDir, migrationsDir));
    await expect(writeResource(repo.rootDir, readResourceSpec({ ...locker, ...change }))).rejects.toThrow(
      message,
    );
    expect(files.map(read)).toEqual(before);
    expect(readdirSync(join(repo.rootDir, migrationsDir))).toEqual(migrations);
  });
});
