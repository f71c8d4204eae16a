import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { admin } from '../accounts';
import { artifactPath, artifactsDir } from '../artifacts';
import { launchChromium } from '../../test-support/chromium';
import { copyRepo, type RepoCopy } from './repo-copy';
import {
  choose,
  closeDrawer,
  deleteRow,
  detailValue,
  drawerTitled,
  exportCsv,
  messageOf,
  openFromMenu,
  rowOf,
  save,
  search,
  searchOne,
  typeDate,
} from '../resource-screen';
import { eventually, label, screenshot, signIn } from '../screen';
import { startServer, type RunningServer } from '../../test-support/server-process';
import { scaled } from '../../test-support/test-timeouts';

// docs/extending.md's "Adding a CRUD screen", "Adding a field" and "Adding a row action", followed
// to the letter on a copy of this repository: their shell blocks run and their diff blocks apply in
// order, then codegen's check, the type check and the unit suites run there unedited, and a person
// adds, finds, edits, exports, closes and deletes a parking lot, its added contact too, in the
// copy's own built console. What each section took is printed and kept with the artifacts.

const guide = 'docs/extending.md';
const sections = {
  resource: '## Adding a CRUD screen',
  field: '## Adding a field',
  action: '## Adding a row action',
} as const;

interface Walkthrough {
  readonly steps: readonly { readonly kind: 'sh' | 'diff'; readonly text: string }[];
}

function readWalkthrough(section: string): Walkthrough {
  const page = readFileSync(guide, 'utf8');
  const start = page.indexOf(`\n${section}\n`);
  if (start < 0) throw new Error(`${guide} has no "${section}" section`);
  const end = page.indexOf('\n## ', start + section.length + 2);
  const text = page.slice(start, end < 0 ? undefined : end);
  const steps = [...text.matchAll(/^```(sh|diff)\n([\s\S]*?)^```$/gm)].map((match) => ({
    kind: match[1] as 'sh' | 'diff',
    text: match[2] ?? '',
  }));
  if (!steps.some((step) => step.kind === 'sh')) throw new Error(`"${section}" has no sh block to run`);
  return { steps };
}

/** What a maintainer types: the shell lines (a continued line counts once per line) and a diff's + lines. */
function typedLines(walkthrough: Walkthrough): string[] {
  return walkthrough.steps.flatMap((step) =>
    step.kind === 'sh'
      ? step.text.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
      : step.text
          .split('\n')
          .filter((line) => line.startsWith('+') && !line.startsWith('+++'))
          .map((line) => line.slice(1)),
  );
}

/** The field names the walkthrough's commands declare (`name:type:flags:label`). */
function declaredFields(walkthrough: Walkthrough): string[] {
  const shell = walkthrough.steps.filter((step) => step.kind === 'sh').map((step) => step.text);
  return [...shell.join('\n').matchAll(/'([a-z][A-Za-z0-9]*):[a-z]+[:(]/g)].map((match) => match[1] ?? '');
}

function timesTyped(name: string, typed: readonly string[]): number {
  const snake = name.replace(/([A-Z])/g, '_$1').toLowerCase();
  const pattern = new RegExp(`(?<![A-Za-z0-9_])(${name}|${snake})(?![A-Za-z0-9_])`, 'g');
  return typed.reduce((sum, line) => sum + (line.match(pattern)?.length ?? 0), 0);
}

/**
 * The suites whose cases come from openapi.yaml and the manifest: the contract reader, codegen and
 * its route, key and resource tests, the permission matrix, malformed and valid input, the generic
 * resource layer, the migrations, the console's route table. The rest do not read the inputs.
 */
const inputSuites = [
  'contract',
  'codegen',
  'server/http',
  'server/contract',
  'server/resources',
  'server/db',
  'src/shell',
];

interface Figures {
  readonly files: string[];
  readonly added: ReadonlyMap<string, number>;
  readonly typed: string[];
  readonly fields: Record<string, number>;
}

/** Follows one section in the copy and answers what it took; the copy then records it as done. */
async function follow(copy: RepoCopy, name: keyof typeof sections): Promise<Figures> {
  const walkthrough = readWalkthrough(sections[name]);
  for (const step of walkthrough.steps) {
    if (step.kind === 'sh') await copy.run('bash', ['-euo', 'pipefail', '-c', step.text]);
    else {
      const patch = join(copy.rootDir, '.walkthrough.diff');
      writeFileSync(patch, step.text);
      await copy.run('git', ['apply', '--whitespace=nowarn', '.walkthrough.diff']);
      await rm(patch);
    }
  }
  const typed = typedLines(walkthrough);
  const figures = {
    files: copy.changedFiles(),
    added: copy.addedLines(),
    typed,
    fields: Object.fromEntries(declaredFields(walkthrough).map((field) => [field, timesTyped(field, typed)])),
  };
  copy.commit(sections[name]);
  const report = [
    `files touched: ${figures.files.length} (${figures.files.join(', ')})`,
    `lines added: ${[...figures.added].map(([file, lines]) => `${file} ${lines}`).join(', ')}`,
    `hand-written lines: ${typed.length}`,
    `times each field name is typed: ${Object.entries(figures.fields)
      .map(([field, times]) => `${field} ${times}`)
      .join(', ')}`,
  ].join('\n');
  console.log(`the walkthrough's "${sections[name]}"\n${report}`);
  writeFileSync(artifactPath(`new-${name}-figures.txt`), `${report}\n`);
  return figures;
}

let copy: RepoCopy;
let figures: Record<keyof typeof sections, Figures>;

beforeAll(async () => {
  mkdirSync(artifactsDir, { recursive: true });
  copy = copyRepo();
  const resource = await follow(copy, 'resource');
  const field = await follow(copy, 'field');
  figures = { resource, field, action: await follow(copy, 'action') };
}, scaled(180_000));

afterAll(() => copy?.remove());

/** The migrations among changed files, and that the rest is exactly openapi.yaml and the manifest. */
function expectThreeInputs(files: readonly string[]): void {
  const migrations = files.filter((file) => file.startsWith('server/db/migrations/'));
  expect(migrations).toHaveLength(1);
  expect([...files].sort()).toEqual(['manifest/console.json', 'openapi.yaml', ...migrations].sort());
}

describe("docs/extending.md's new CRUD screen, field and row action, on a copy of the repository", () => {
  it('touches one schema, one manifest entry and one migration, typing each field name at most twice', () => {
    const { resource } = figures;
    expectThreeInputs(resource.files);
    expect(resource.typed.length).toBeLessThanOrEqual(150);
    expect(Object.keys(resource.fields).length).toBeGreaterThan(3);
    for (const times of Object.values(resource.fields)) expect(times).toBeLessThanOrEqual(2);
    const openapi = parse(readFileSync(join(copy.rootDir, 'openapi.yaml'), 'utf8')) as {
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    expect(openapi.components.schemas.ParkingLot?.['x-resource']).toBeTruthy();
  });

  it('adds a field with one command: its schema, manifest entry and migration, its name typed once', () => {
    const { field } = figures;
    expectThreeInputs(field.files);
    expect(field.typed.filter((line) => line.includes('new:field'))).toHaveLength(1);
    expect(Object.values(field.fields)).toEqual([1]);
  });

  it('adds a row action with one command: its operation, button and handler file, no index edited', () => {
    const { action } = figures;
    expect([...action.files].sort()).toEqual([
      'manifest/console.json',
      'openapi.yaml',
      'server/door/close-parking-lot-operations.ts',
    ]);
    expect(action.typed.filter((line) => line.includes('new:action'))).toHaveLength(1);
  });

  it(
    'passes codegen, the type check and the suites that follow the inputs, with no test edited',
    { timeout: scaled(600_000) },
    async () => {
      await copy.run('npm', ['run', 'codegen', '--', '--check']);
      await copy.run('npm', ['run', 'typecheck']);
      await copy.run('npx', ['vitest', 'run', ...inputSuites]);
    },
  );

  describe('in its own built console', () => {
    let server: RunningServer;
    let dataDir: string;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      await copy.run('npx', ['vite', 'build', '--logLevel', 'warn']);
      dataDir = await mkdtemp(join(tmpdir(), 'cfop-new-resource-'));
      server = await startServer(
        {
          DATA_DIR: dataDir,
          CFOP_ADMIN_PASSWORD: admin.password,
          CFOP_ADMIN_PHONE: admin.phone,
          NODE_ENV: 'test',
          CFOP_PASSWORD_COST: '4',
        },
        artifactPath('new-resource-server.log'),
        copy.rootDir,
      );
      browser = await launchChromium();
      const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
      context.setDefaultTimeout(scaled(10_000));
      page = await context.newPage();
    }, scaled(300_000));

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it(
      'adds, finds, edits, views, exports, closes and deletes a parking lot, by its contact too; a bad code is refused',
      async () => {
        await signIn(page, admin);
        await openFromMenu(page, '出入管理', '停车场', '/door/parking');

        await page.getByRole('button', { name: '新增' }).first().click();
        const create = drawerTitled(page, '新增停车场');
        await create.getByLabel('名称', { exact: true }).fill('东门停车场');
        await create.getByLabel('编码', { exact: true }).fill('east-1');
        await create.getByLabel('车位数', { exact: true }).fill('120');
        await create.getByLabel('位置', { exact: true }).fill('东门外地面');
        await choose(create, '状态', '开放');
        await typeDate(create, '启用日期', '2026-03-01');
        await create.getByLabel('联系人', { exact: true }).fill('王工');
        await save(page, '新增停车场');
        await eventually(() => messageOf(create, '编码')).not.toBe('');
        await create.getByLabel('编码', { exact: true }).fill('PE-001');
        await save(page, '新增停车场');
        await page.getByText('已新增', { exact: true }).waitFor();
        await rowOf(page, 'PE-001').waitFor();
        await expect(rowOf(page, 'PE-001').innerText()).resolves.toMatch(/开放[\s\S]*王工/);
        await screenshot(page, 'new-resource-parking-list');

        await search(page, '联系人', '李');
        await page.getByText('没有符合条件的记录').waitFor();
        await searchOne(page, '联系人', '王工');

        await searchOne(page, '名称', '东门');
        await rowOf(page, 'PE-001')
          .getByRole('button', { name: label('编辑') })
          .click();
        const edit = drawerTitled(page, '编辑停车场');
        await edit.getByLabel('车位数', { exact: true }).fill('150');
        await choose(edit, '状态', '已满');
        await save(page, '编辑停车场');
        await page.getByText('已保存', { exact: true }).waitFor();
        await eventually(() => rowOf(page, 'PE-001').innerText()).toContain('已满');

        await rowOf(page, 'PE-001')
          .getByRole('button', { name: label('详情') })
          .click();
        const detail = drawerTitled(page, '停车场详情');
        await expect(detailValue(detail, '位置')).resolves.toBe('东门外地面');
        await expect(detailValue(detail, '车位数')).resolves.toBe('150');
        await closeDrawer(detail);

        const csv = await exportCsv(page);
        expect(csv.name).toMatch(/^parking-lots-\d{8}-\d{4}\.csv$/);
        expect(csv.text).toContain('名称,编码,车位数,位置,状态,启用日期,联系人');
        expect(csv.text).toContain('东门停车场,PE-001,150,东门外地面,已满,2026-03-01,王工');

        await rowOf(page, 'PE-001').getByRole('button', { name: '更多' }).click();
        await page.getByRole('menuitem', { name: '关闭' }).click();
        const confirmClose = page.locator('.ant-modal-confirm').filter({ hasText: '确定关闭' });
        await confirmClose.getByRole('button', { name: label('确定') }).click();
        await eventually(() => rowOf(page, 'PE-001').innerText()).toContain('关闭');

        await deleteRow(page, 'PE-001');
        await page.getByText('没有符合条件的记录').waitFor();
      },
      scaled(120_000),
    );
  });
});
