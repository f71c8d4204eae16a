import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { loadContract, type Contract } from '../server/contract/load-contract';
import { createSchemaCompiler } from '../server/contract/schema-compiler';
import { createSampler } from '../server/test-support/contract-samples';
import { emit } from './emit';
import { generatedDir, inputFiles, loadInputs } from './inputs';
import { addLockerToManifest, addLockerToOpenapi, locker } from './locker-resource';
import { makeTempRepo, messages, readJson, writeJson, type Json } from './test-support';

// A maintainer's plain CRUD screen, added to a copy of the inputs as docs/extending.md says: codegen
// takes it, and the samplers the contract-computed suites use fill every one of its operations, its
// patterned `code` included, with no example written and no test edited.

let repo: ReturnType<typeof makeTempRepo>;
let openapiFile: string;

function operationOf(contract: Contract, operationId: string) {
  const found = contract.operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

function editOpenapi(change: (openapi: Json) => void): void {
  const openapi = parseYaml(readFileSync(openapiFile, 'utf8')) as Json;
  change(openapi);
  writeFileSync(openapiFile, stringifyYaml(openapi));
}

beforeAll(() => {
  repo = makeTempRepo();
  openapiFile = join(repo.rootDir, inputFiles.openapi);
  editOpenapi(addLockerToOpenapi);
  const manifest = readJson(repo.rootDir, inputFiles.manifest);
  addLockerToManifest(manifest);
  writeJson(repo.rootDir, inputFiles.manifest, manifest);
});
afterAll(() => repo.cleanup());

describe('a new CRUD resource (lockers)', () => {
  it('passes codegen and appears in the generated route, key and resource modules', async () => {
    const inputs = loadInputs(repo.rootDir);
    expect(messages(inputs)).toEqual([]);
    const files = await emit(inputs);
    const file = (name: string) => files.get(`${generatedDir}/${name}`) ?? '';
    expect(file('routes.ts')).toContain(`path: '${locker.route}'`);
    expect(file('access.ts')).toContain(`'${locker.key}'`);
    expect(file(`resources/${locker.resource}.ts`)).toContain(`route: '${locker.route}'`);
    expect(file('routes.ts')).toContain(`import('./resources/${locker.resource}')`);
    for (const operationId of locker.operationIds) expect(file('openapi.ts')).toContain(operationId);
  });

  describe('the contract samplers', () => {
    let contract: Contract;
    beforeAll(() => {
      contract = loadContract(openapiFile);
    });
    const operation = (operationId: string) => operationOf(contract, operationId);

    it.each(locker.operationIds)('fill %s with a request its schemas accept', (operationId) => {
      const sampler = createSampler(contract);
      const compile = createSchemaCompiler(contract, { coerceTypes: true });
      const spec = operation(operationId);
      const url = new URL(sampler.url(spec), 'http://console.test');
      expect(url.pathname.startsWith(`${contract.basePath}/lockers`)).toBe(true);
      for (const parameter of spec.parameters.filter((candidate) => candidate.in === 'path')) {
        expect(compile(parameter.schema ?? {})(url.pathname.split('/').at(-1))).toBe(true);
      }
      if (spec.requestBody) {
        const body = sampler.body(spec);
        expect(createSchemaCompiler(contract, { coerceTypes: false })(spec.requestBody.schema)(body)).toBe(
          true,
        );
      }
    });

    it("fills the patterned code from its pattern, within the schema's length", () => {
      const body = createSampler(contract).body(operation('createLocker')) as Record<string, unknown>;
      const code = (contract.document.components?.schemas?.LockerInput as Json).properties.code;
      expect(body.code).toMatch(new RegExp(code.pattern as string, 'u'));
      expect(String(body.code).length).toBeLessThanOrEqual(code.maxLength as number);
    });

    it('names the field and asks for examples when its pattern cannot be generated', () => {
      const original = readFileSync(openapiFile, 'utf8');
      try {
        editOpenapi((openapi) => {
          openapi.components.schemas.Locker.properties.code.pattern = '^(?=.*[0-9])P[A-Z0-9]{3,8}$';
        });
        const lookahead = loadContract(openapiFile);
        const create = operationOf(lookahead, 'createLocker');
        expect(() => createSampler(lookahead).body(create)).toThrow(
          /^no sample fits createLocker body\.code \(.*lookarounds cannot be generated.*\); add examples to its schema in openapi\.yaml$/,
        );
      } finally {
        writeFileSync(openapiFile, original);
      }
    });
  });
});
