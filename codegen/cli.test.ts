import { execFile } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import type { RouteDef } from '../src/generated/routes';
import { resourceOf, type ResourceSource } from '../src/resources/descriptors';
import { runCodegen } from './cli';
import { generatedDir, inputFiles } from './inputs';
import { makeTempRepo, readJson, repoRoot, writeJson, writePage, type Json } from './test-support';
import { scaled } from '../test-support/test-timeouts';

const run = promisify(execFile);

interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `npm run codegen -- --root <rootDir> ...args` in this process, keeping what it prints. */
async function codegen(rootDir: string, ...args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCodegen(['--root', rootDir, ...args], {
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
  });
  return { code, stdout, stderr };
}

let repo: ReturnType<typeof makeTempRepo>;
const generated = (file: string): string => join(repo.rootDir, generatedDir, file);

beforeEach(() => {
  repo = makeTempRepo();
});
afterEach(() => repo.cleanup());

// Each case runs codegen over the whole contract (openapi-typescript and ts-morph): seconds alone,
// several times that on a shared two-core machine.
describe('codegen CLI', { timeout: scaled(60_000) }, () => {
  it('--check passes on the repo inputs and committed output', async () => {
    const result = await codegen(repo.rootDir, '--check');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('codegen --check: src/generated and server/generated are up to date.');
  });

  it('--check fails naming an edited, a deleted and an unexpected file, and writes nothing', async () => {
    writeFileSync(generated('icons.ts'), `${readFileSync(generated('icons.ts'), 'utf8')}// hand edit\n`);
    rmSync(generated('contract.ts'));
    writeFileSync(generated('extra.ts'), 'export {};\n');
    const result = await codegen(repo.rootDir, '--check');
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').slice(0, 3)).toEqual([
      'missing src/generated/contract.ts',
      'stale src/generated/icons.ts',
      'unexpected src/generated/extra.ts (not generated)',
    ]);
    expect(readFileSync(generated('icons.ts'), 'utf8')).toContain('// hand edit');
  });

  it('indexes a new handler file by its name, so registering one edits no index', async () => {
    const file = join(repo.rootDir, 'server/door/block-vehicle-operations.ts');
    writeFileSync(file, 'export const blockVehicleOperations = {};\n');
    const result = await codegen(repo.rootDir);
    expect(result).toMatchObject({ code: 0, stdout: 'wrote server/generated/operation-handlers.ts\n' });
    const index = readFileSync(join(repo.rootDir, 'server/generated/operation-handlers.ts'), 'utf8');
    expect(index).toContain("import { blockVehicleOperations } from '../door/block-vehicle-operations';");
    expect(index).toContain(
      "'server/door/block-vehicle-operations.ts': handlersOf(operationHooks, blockVehicleOperations),",
    );
  });

  it('refuses a handler file that does not export its handlers under the name its file gives', async () => {
    writeFileSync(
      join(repo.rootDir, 'server/door/block-vehicle-operations.ts'),
      'export const block = {};\n',
    );
    const result = await codegen(repo.rootDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'server/door/block-vehicle-operations.ts#: a handler module exports its handlers as blockVehicleOperations',
    );
  });

  it('rewrites only the files that changed', async () => {
    writeFileSync(generated('routes.ts'), 'stale\n');
    const result = await codegen(repo.rootDir);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('wrote src/generated/routes.ts\n');
    expect(readFileSync(generated('routes.ts'), 'utf8')).toBe(
      readFileSync(join(repoRoot, generatedDir, 'routes.ts'), 'utf8'),
    );
    expect((await codegen(repo.rootDir)).stdout).toBe(
      'codegen: src/generated and server/generated are up to date.\n',
    );
  });

  it('exits 1 with every problem and writes nothing for a bad manifest', async () => {
    const manifest = readJson(repo.rootDir, inputFiles.manifest);
    manifest.routes[5].icon = 'no-such-thing';
    manifest.routes[5].page = 'model/NoSuchPage';
    writeJson(repo.rootDir, inputFiles.manifest, manifest);
    rmSync(generated('routes.ts'));
    const result = await codegen(repo.rootDir);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      'manifest/console.json#/routes/5/icon: unknown icon "no-such-thing" (no NoSuchThingOutlined in @ant-design/icons)',
      'manifest/console.json#/routes/5/page: page file src/pages/model/NoSuchPage.tsx does not exist',
      'codegen: 2 problem(s); nothing written.',
      '',
    ]);
    expect(() => readFileSync(generated('routes.ts'))).toThrow(/ENOENT/);
  });

  it('puts a new manifest route into routes.ts and its icon into icons.ts', async () => {
    const manifest = readJson(repo.rootDir, inputFiles.manifest);
    manifest.routes
      .find((route: Json) => route.path === '/system')
      .children.push({
        path: '/system/audit',
        name: { zh: '审计', en: 'Audit' },
        icon: 'audit',
        modules: ['monitor'],
        access: 'KEY.SYSTEM.LOG',
        page: 'system/AuditPage',
      });
    writeJson(repo.rootDir, inputFiles.manifest, manifest);
    writePage(repo.rootDir, 'system/AuditPage');

    const result = await codegen(repo.rootDir);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'wrote src/generated/routes.ts\nwrote src/generated/route-sources.ts\nwrote src/generated/icons.ts\n',
    );
    const routes = readFileSync(generated('routes.ts'), 'utf8');
    expect(routes).toContain(
      [
        "        path: '/system/audit',",
        "        name: { zh: '审计', en: 'Audit' },",
        "        icon: 'audit',",
        "        modules: ['monitor'],",
        "        access: 'KEY.SYSTEM.LOG',",
        '        hideInMenu: false,',
        '        hideInBreadcrumb: false,',
        '        layout: true,',
        '        redirect: null,',
        "        page: 'system/AuditPage',",
        '        resource: null,',
        "        load: () => import('../pages/system/AuditPage'),",
        '        children: [],',
      ].join('\n'),
    );
    const icons = readFileSync(generated('icons.ts'), 'utf8');
    expect(icons).toContain("import AuditOutlined from '@ant-design/icons/AuditOutlined';");
    expect(icons).toContain('  audit: AuditOutlined,');
    expect((await codegen(repo.rootDir, '--check')).code).toBe(0);
  });

  it(
    'turns a manifest entry for a new resource into a typed descriptor and a working route',
    async () => {
      // A small video source contract in the temp openapi.yaml, guarded by the video route's key
      // (video monitoring is no CRUD screen, so its route stays a page in the real manifest).
      const openapiFile = join(repo.rootDir, inputFiles.openapi);
      const openapi = parseYaml(readFileSync(openapiFile, 'utf8')) as Json;
      const guarded = { 'x-access': 'KEY.CENTER.VIDEO', responses: { '200': { description: 'ok' } } };
      openapi.paths['/video-sources'] = {
        get: {
          operationId: 'listVideoSources',
          ...guarded,
          parameters: [
            { $ref: '#/components/parameters/Page' },
            { $ref: '#/components/parameters/PageSize' },
            {
              name: 'sort',
              in: 'query',
              schema: { type: 'string', enum: ['name', '-name'], default: 'name' },
            },
            { name: 'name', in: 'query', 'x-filter': 'contains', schema: { type: 'string' } },
          ],
        },
      };
      openapi.paths['/video-sources/{id}'] = {
        parameters: [{ $ref: '#/components/parameters/Id' }],
        get: { operationId: 'getVideoSource', ...guarded },
      };
      openapi.components.schemas.VideoSource = {
        type: 'object',
        required: ['id', 'name', 'online'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string', maxLength: 32, description: 'Shown on the video wall.' },
          online: { type: 'boolean' },
        },
      };
      writeFileSync(openapiFile, stringifyYaml(openapi));
      const manifest = readJson(repo.rootDir, inputFiles.manifest);
      manifest.resources.push({
        name: 'videosource',
        title: { zh: '视频源', en: 'Video sources' },
        access: 'KEY.CENTER.VIDEO',
        schema: 'VideoSource',
        operations: { list: 'listVideoSources', get: 'getVideoSource' },
        fields: [
          {
            name: 'name',
            label: { zh: '名称', en: 'Name' },
            show: ['table', 'search', 'detail'],
            widget: 'text',
          },
          {
            name: 'online',
            label: { zh: '在线', en: 'Online' },
            show: ['table', 'detail'],
            widget: 'switch',
          },
        ],
      });
      const videoRoute = manifest.routes[7].children[0];
      expect(videoRoute.path).toBe('/monitor/video');
      delete videoRoute.page;
      videoRoute.resource = 'videosource';
      writeJson(repo.rootDir, inputFiles.manifest, manifest);

      const result = await codegen(repo.rootDir);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toBe(
        'wrote src/generated/operation-access.ts\nwrote src/generated/routes.ts\nwrote src/generated/route-sources.ts\nwrote src/generated/openapi.ts\nwrote src/generated/resources/videosource.ts\nwrote src/generated/field-labels.ts\n',
      );

      // The temp repo's module, typed as the committed ones are; read as the screens read it.
      const source = resourceOf(
        ((await import(generated('resources/videosource.ts'))) as { default: ResourceSource }).default,
      );
      expect(source).toMatchObject({
        name: 'videosource',
        access: 'KEY.CENTER.VIDEO',
        route: '/monitor/video',
        paths: { collection: '/video-sources', item: '/video-sources/{id}', export: null, bulkDelete: null },
        operations: {
          list: true,
          get: true,
          create: false,
          update: false,
          delete: false,
          bulkDelete: false,
          export: false,
        },
        defaultSort: 'name',
        pageSizeMax: 100,
        actions: [],
      });
      expect(source?.fields).toEqual([
        {
          name: 'name',
          label: { zh: '名称', en: 'Name' },
          widget: 'text',
          table: true,
          search: true,
          form: false,
          createOnly: false,
          detail: true,
          type: 'string',
          itemType: null,
          maxItems: null,
          required: false,
          nullable: false,
          minLength: null,
          maxLength: 32,
          pattern: null,
          minimum: null,
          maximum: null,
          format: null,
          options: null,
          sortable: true,
          filter: 'contains',
          range: null,
          upload: null,
          reference: null,
          description: 'Shown on the video wall.',
          initial: null,
        },
        expect.objectContaining({
          name: 'online',
          widget: 'switch',
          type: 'boolean',
          sortable: false,
          filter: null,
        }),
      ]);

      const { routes } = (await import(generated('routes.ts'))) as { routes: readonly RouteDef[] };
      const route = routes[7]?.children[0];
      expect(route).toMatchObject({ path: '/monitor/video', page: null, resource: 'videosource' });
      const screen = await route?.load?.();
      expect(typeof screen?.default).toBe('function');

      // The emitted modules type-check with a consumer that names the new resource.
      symlinkSync(join(repoRoot, 'node_modules'), join(repo.rootDir, 'node_modules'));
      writeFileSync(
        join(repo.rootDir, 'src/uses-video-source.ts'),
        [
          "import videosource from './generated/resources/videosource';",
          "import type { Widget } from './resources/descriptors';",
          'export const widget: Widget | undefined = videosource.fields[1]?.widget;',
          '',
        ].join('\n'),
      );
      writeJson(repo.rootDir, 'tsconfig.json', {
        extends: join(repoRoot, 'tsconfig.browser.json'),
        include: ['src'],
      });
      await expect(
        run('npx', ['tsc', '--noEmit', '-p', repo.rootDir], { cwd: repoRoot }),
      ).resolves.toBeDefined();
      expect((await codegen(repo.rootDir, '--check')).code).toBe(0);
    },
    scaled(60000),
  );

  it('--watch regenerates when the manifest changes, until stopped', async () => {
    const stop = new AbortController();
    let output = '';
    const print = (line: string) => void (output += `${line}\n`);
    const watching = runCodegen(['--watch', '--root', repo.rootDir], { out: print, err: print }, stop.signal);
    const printed = (text: string) => expect.poll(() => output, { timeout: scaled(15_000) }).toContain(text);
    try {
      await printed('codegen: src/generated and server/generated are up to date.');
      const manifest = readJson(repo.rootDir, inputFiles.manifest);
      manifest.app.title.en = 'Ops Platform';
      writeJson(repo.rootDir, inputFiles.manifest, manifest);
      await printed('wrote src/generated/settings.ts');
      expect(readFileSync(generated('settings.ts'), 'utf8')).toContain(
        "title: { zh: '运营平台', en: 'Ops Platform' }",
      );
    } finally {
      stop.abort();
    }
    expect(await watching).toBe(0);
  });

  it('runs as `npm run codegen`, its exit code the one it answers', async () => {
    // The one case in a process of its own: scripts/codegen.ts's arguments and exit code.
    const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/codegen.ts', '--chek'], {
      cwd: repoRoot,
    }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--chek'") });
  });
});
