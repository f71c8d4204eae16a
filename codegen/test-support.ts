import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDiagnostic } from './diagnostics';
import {
  descriptorTypes,
  generatedDir,
  handlerModuleFiles,
  inputFiles,
  loadInputs,
  pagesDir,
  resourceScreen,
  serverGeneratedDir,
  type Inputs,
} from './inputs';
import type { Manifest, RouteEntry } from './manifest';
import { validate } from './validate';
import { afterAll, beforeAll } from 'vitest';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export function readRepoManifest(): Manifest {
  return JSON.parse(readFileSync(join(repoRoot, inputFiles.manifest), 'utf8')) as Manifest;
}

function pagesOf(routes: readonly RouteEntry[]): string[] {
  return routes.flatMap((route) => [...(route.page ? [route.page] : []), ...pagesOf(route.children ?? [])]);
}

function writeStubScreen(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, 'export default function Page() {\n  return null;\n}\n');
}

export function writePage(rootDir: string, page: string): void {
  writeStubScreen(join(rootDir, pagesDir, `${page}.tsx`));
}

/**
 * A throw-away copy of the repo's codegen inputs (the server's handler modules among them) and
 * committed output, with a stub for every page the manifest names and for the resource screen, and
 * the descriptor types the generated modules satisfy, so tests never touch the real tree nor wait
 * for the real pages.
 */
export function makeTempRepo(): { readonly rootDir: string; readonly cleanup: () => void } {
  const rootDir = mkdtempSync(join(tmpdir(), 'cfop-codegen-'));
  const inputs = [...Object.values(inputFiles), ...handlerModuleFiles(repoRoot)];
  for (const path of [...inputs, generatedDir, serverGeneratedDir]) {
    cpSync(join(repoRoot, path), join(rootDir, path), { recursive: true });
  }
  new Set(pagesOf(readRepoManifest().routes)).forEach((page) => writePage(rootDir, page));
  cpSync(join(repoRoot, descriptorTypes.file), join(rootDir, descriptorTypes.file));
  mkdirSync(dirname(join(rootDir, resourceScreen.file)), { recursive: true });
  writeFileSync(
    join(rootDir, resourceScreen.file),
    'export function screenOf(_descriptor: unknown) {\n  return function Page() {\n    return null;\n  };\n}\n',
  );
  return { rootDir, cleanup: () => rmSync(rootDir, { recursive: true, force: true }) };
}

type TempRepo = ReturnType<typeof makeTempRepo>;

/**
 * A temp copy of the inputs for one test file, made before its tests and removed after them, with
 * the inputs as loaded from it (`good`: what each case spoils a copy of).
 */
export function tempRepoForFile(): { readonly repo: TempRepo; readonly good: Inputs } {
  let repo: TempRepo | undefined;
  let good: Inputs | undefined;
  beforeAll(() => {
    repo = makeTempRepo();
    good = loadInputs(repo.rootDir);
  });
  afterAll(() => repo?.cleanup());
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the temp repo is made in beforeAll; read it inside a test');
    return value;
  };
  return {
    get repo() {
      return ready(repo);
    },
    get good() {
      return ready(good);
    },
  };
}

// Tests reach into arbitrary JSON on purpose; typing each edited path would only add noise.
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function readJson(rootDir: string, file: string): Json {
  return JSON.parse(readFileSync(join(rootDir, file), 'utf8')) as Json;
}

export function writeJson(rootDir: string, file: string, value: unknown): void {
  writeFileSync(join(rootDir, file), `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * The JSON pointer of the manifest route at `path` (`/routes/4/children/0`): tests name routes by
 * path, so a maintainer's new route or key moves no expectation.
 */
export function routePointer(manifest: Json, path: string): string {
  const find = (routes: Json[], at: string): string | null => {
    for (const [index, route] of routes.entries()) {
      if (route.path === path) return `${at}/${index}`;
      const below = find(route.children ?? [], `${at}/${index}/children`);
      if (below !== null) return below;
    }
    return null;
  };
  const pointer = find(manifest.routes, '/routes');
  if (pointer === null) throw new Error(`no manifest route ${path}`);
  return pointer;
}

/** The manifest route at `path`, to edit in a copy. */
export function routeAt(manifest: Json, path: string): Json {
  return routePointer(manifest, path)
    .split('/')
    .slice(1)
    .reduce((node: Json, segment) => node[segment] as Json, manifest);
}

/** The index of `key` in the manifest's accessKeys. */
export function accessKeyIndex(manifest: Json, key: string): number {
  const index = (manifest.accessKeys as Json[]).findIndex((entry) => entry.key === key);
  if (index < 0) throw new Error(`no access key ${key}`);
  return index;
}

/** Every problem validate() finds, formatted as the CLI prints them. */
export function messages(inputs: Inputs): string[] {
  return validate(inputs).map(formatDiagnostic);
}

/** Messages for `good` after the edits change copies of its manifest and openapi.yaml. */
export function messagesAfter(
  good: Inputs,
  edit: { readonly manifest?: (manifest: Json) => void; readonly openapi?: (openapi: Json) => void },
): string[] {
  const manifest = structuredClone(good.manifest) as Json;
  const openapi = structuredClone(good.openapi) as Json;
  edit.manifest?.(manifest);
  edit.openapi?.(openapi);
  return messages({ ...good, manifest, openapi });
}
