import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatDiagnostic } from '../diagnostics';
import { inputFiles, loadInputs } from '../inputs';
import type { Json } from '../test-support';
import { validate } from '../validate';
import { readActionSpec, type ActionArguments } from './action-spec';
import { scaffoldRepoPerTest } from './scaffold-test-repo';
import { scaled } from '../../test-support/test-timeouts';
import { writeAction } from './write-action';

// new:action over a copy of the real inputs: the operation and its body's schema land in
// openapi.yaml, the button in the manifest resource's actions, a handler file in the room; codegen
// then finds the whole consistent. A refused command leaves every file as it was.

const repo = scaffoldRepoPerTest();
const { read } = repo;
const add = (args: ActionArguments) => writeAction(repo.rootDir, readActionSpec(args));
const documentOf = () => parse(read(inputFiles.openapi)) as Json;
const resourceOf = (schema: string) =>
  ((JSON.parse(read(inputFiles.manifest)) as Json).resources as Json[]).find(
    (entry) => entry.schema === schema,
  ) as Json;
const problems = () => validate(loadInputs(repo.rootDir)).map(formatDiagnostic);

// A case writes through prettier and then validates the whole inputs as codegen does: seconds
// alone, several times that on a shared two-core machine.
describe('npm run new:action', { timeout: scaled(60_000) }, () => {
  it('adds a row action with a form: its path, body, key, answer, button and handler', async () => {
    const written = await add({
      schema: 'Vehicle',
      action: 'block',
      label: '拉黑/Block',
      confirm: '确定拉黑该车辆？/Block the vehicle?',
      field: ['reason:string(200):required:原因/Reason', 'until:date::截止/Until'],
      room: 'door',
    });

    expect(written).toEqual([
      inputFiles.openapi,
      inputFiles.manifest,
      'server/door/block-vehicle-operations.ts',
    ]);
    const document = documentOf();
    expect((document.paths as Json)['/vehicles/{id}/block']).toEqual({
      parameters: [{ $ref: '#/components/parameters/Id' }],
      post: {
        tags: ['vehicle'],
        operationId: 'blockVehicle',
        summary: '拉黑 / Block',
        'x-access': 'KEY.ACCESS.CAR',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/VehicleBlockBody' } } },
        },
        responses: {
          '200': {
            description: 'Done.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/EmptyEnvelope' } } },
          },
          default: { $ref: '#/components/responses/Failure' },
        },
      },
    });
    expect(((document.components as Json).schemas as Json).VehicleBlockBody).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['reason'],
      properties: {
        reason: { type: 'string', minLength: 1, maxLength: 200 },
        until: { type: ['string', 'null'], format: 'date' },
      },
    });
    expect(resourceOf('Vehicle').actions).toEqual([
      {
        name: 'block',
        operation: 'blockVehicle',
        label: { zh: '拉黑', en: 'Block' },
        confirm: { zh: '确定拉黑该车辆？', en: 'Block the vehicle?' },
        fields: [
          { name: 'reason', label: { zh: '原因', en: 'Reason' }, widget: 'text' },
          { name: 'until', label: { zh: '截止', en: 'Until' }, widget: 'date' },
        ],
      },
    ]);
    const handler = read('server/door/block-vehicle-operations.ts');
    expect(handler).toContain('export const blockVehicleOperations = {');
    expect(handler).toContain("const found = await selectById(trx, 'vehicles', id);");
    expect(handler).toContain('if (!found) throw notFound(id);');
    expect(handler).toContain("input.audit.detail = { zh: '拉黑', en: 'Block' };");
    expect(problems()).toEqual([]);
  });

  it('adds an action without a form as one without a body, naming the row by its label field', async () => {
    mkdirSync(join(repo.rootDir, 'server/door'), { recursive: true });
    writeFileSync(
      join(repo.rootDir, 'server/door/staff-resource.ts'),
      "export const staffResource = { schema: 'Staff', labelField: 'name' };\n",
    );
    await add({ schema: 'Staff', action: 'checkIn', label: '签到/Check in' });

    const post = ((documentOf().paths as Json)['/staff/{id}/check-in'] as Json).post as Json;
    expect(post.operationId).toBe('checkInStaff');
    expect(post.requestBody).toBeUndefined();
    const actions = resourceOf('Staff').actions as Json[];
    expect(actions.at(-1)).toEqual({
      name: 'checkIn',
      operation: 'checkInStaff',
      label: { zh: '签到', en: 'Check in' },
    });
    const handler = read('server/door/check-in-staff-operations.ts');
    expect(handler).toContain("const found = await selectById(trx, 'staff', id);");
    expect(handler).toContain('input.audit.target = `#${id} ${String(row.name)}`;');
    expect(problems()).toEqual([]);
  });

  it.each([
    [{ schema: 'Parking' }, /the manifest has no resource over Parking/],
    [{ action: 'approve', schema: 'Visitor' }, /already has an operation approveVisitor/],
    [{ action: 'Block' }, /the action "Block" must be lowerCamelCase/],
    [{ label: 'Block' }, /the label "Block" must be 中文\/English/],
    [{ label: undefined }, /give the button its text: --label 中文\/English/],
    [{ field: ['reason:string(200):search:原因/Reason'] }, /takes only the flag required, not search/],
    [{ room: 'nowhere' }, /--room nowhere: there is no folder server\/nowhere/],
    [
      { room: undefined },
      /no folder of server\/ defines Vehicle; name the one its handler goes in with --room/,
    ],
  ])('refuses %o and writes nothing', async (change, message) => {
    const files = [inputFiles.openapi, inputFiles.manifest];
    const before = files.map(read);
    const handlers = readdirSync(join(repo.rootDir, 'server/door'));
    await expect(
      (async () =>
        add({ schema: 'Vehicle', action: 'block', label: '拉黑/Block', room: 'door', ...change }))(),
    ).rejects.toThrow(message);
    expect(files.map(read)).toEqual(before);
    expect(readdirSync(join(repo.rootDir, 'server/door'))).toEqual(handlers);
    expect(existsSync(join(repo.rootDir, 'server/door/block-vehicle-operations.ts'))).toBe(false);
  });
});
