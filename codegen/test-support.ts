import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedDir, inputFiles, pagesDir } from './inputs';
import type { Manifest, RouteEntry } from './manifest';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export function readRepoManifest(): Manifest {
  return JSON.parse(readFileSync(join(repoRoot, inputFiles.manifest), 'utf8')) as Manifest;
}

function pagesOf(routes: readonly RouteEntry[]): string[] {
  return routes.flatMap((route) => [...(route.page ? [route.page] : []), ...pagesOf(route.children ?? [])]);
}

export function writePage(rootDir: string, page: string): void {
  const file = join(rootDir, pagesDir, `${page}.tsx`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, 'export default function Page() {\n  return null;\n}\n');
}

/**
 * A throw-away copy of the repo's codegen inputs and committed output, with a stub for every
 * page the manifest names, so tests never touch the real tree nor wait for the real pages.
 */
export function makeTempRepo(): { readonly rootDir: string; readonly cleanup: () => void } {
  const rootDir = mkdtempSync(join(tmpdir(), 'cfop-codegen-'));
  for (const path of [...Object.values(inputFiles), generatedDir]) {
    cpSync(join(repoRoot, path), join(rootDir, path), { recursive: true });
  }
  new Set(pagesOf(readRepoManifest().routes)).forEach((page) => writePage(rootDir, page));
  return { rootDir, cleanup: () => rmSync(rootDir, { recursive: true, force: true }) };
}

// Tests reach into arbitrary JSON on purpose; typing each edited path would only add noise.
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function readJson(rootDir: string, file: string): Json {
  return JSON.parse(readFileSync(join(rootDir, file), 'utf8')) as Json;
}

export function writeJson(rootDir: string, file: string, value: unknown): void {
  writeFileSync(join(rootDir, file), `${JSON.stringify(value, null, 2)}\n`);
}
