import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { ContractError } from '../contract/contract-error';
import { handlerModuleSuffix } from '../contract/handler-files';
import { parseContract } from '../contract/read-contract';

export const inputFiles = {
  manifest: 'manifest/console.json',
  schema: 'manifest/console.schema.json',
  openapi: 'openapi.yaml',
} as const;

export const pagesDir = 'src/pages';
/** The generic screen every resource route shows: its `screenOf(descriptor)` gives the page. */
export const resourceScreen = {
  file: 'src/resources/ResourceScreen.tsx',
  importFromGenerated: '../resources/ResourceScreen',
} as const;
export const generatedDir = 'src/generated';
/** The server's generated modules: the index of its handler modules. */
export const serverGeneratedDir = 'server/generated';
/** Where codegen looks for the server's handler modules, `<name>-operations.ts` in any folder. */
export const handlerModulesDir = 'server';
export const handlerModulesGlob = `${handlerModulesDir}/**/*${handlerModuleSuffix}`;
/**
 * What the shared layout fetches before a signed-in screen shows (src/shell/LazyLayout.tsx): its
 * module, antd's texts of the default language and dayjs's locale switch, as Vite's build manifest
 * names them. The budgets check fails when one of them is no longer a chunk of its own.
 */
export const layoutModules: readonly string[] = [
  'src/shell/BasicLayout.tsx',
  'node_modules/antd/es/locale/zh_CN.js',
  'src/i18n/day-locale.ts',
];
/** The hand-written descriptor types and defaults, which the emitted descriptors satisfy. */
export const descriptorTypes = {
  file: 'src/resources/descriptors.ts',
  importFromGenerated: '../resources/descriptors',
} as const;
/** A resource's descriptor module, relative to src/generated: the resource's screen loads it. */
export const resourceDescriptorModule = (name: string): string => `resources/${name}`;
export const resourceDescriptorFile = (name: string): string =>
  `${generatedDir}/${resourceDescriptorModule(name)}.ts`;

/** Everything codegen reads, loaded once so validate() and emit() stay pure. */
export interface Inputs {
  readonly manifest: unknown;
  readonly schema: object;
  /** openapi.yaml with its `x-resource` declarations expanded, as the server reads it too. */
  readonly openapi: unknown;
  /** Page modules present on disk, as the manifest names them: `home/HomePage`. */
  readonly pages: ReadonlySet<string>;
  /** Whether the generic resource screen exists yet. */
  readonly hasResourceScreen: boolean;
  /** Export names of the installed @ant-design/icons package. */
  readonly iconExports: ReadonlySet<string>;
  /** The server's handler modules (`server/<room>/<name>-operations.ts`), sorted, with the names each exports. */
  readonly handlerModules: ReadonlyMap<string, readonly string[]>;
}

export class InputError extends Error {}

export function loadInputs(rootDir: string): Inputs {
  return {
    manifest: readJson(rootDir, inputFiles.manifest),
    schema: readJson(rootDir, inputFiles.schema) as object,
    openapi: readOpenapi(rootDir),
    pages: listPages(join(rootDir, pagesDir)),
    hasResourceScreen: existsSync(join(rootDir, resourceScreen.file)),
    iconExports: loadIconExports(),
    handlerModules: listHandlerModules(rootDir),
  };
}

function readInput(rootDir: string, file: string): string {
  try {
    return readFileSync(join(rootDir, file), 'utf8');
  } catch (cause) {
    throw new InputError(`${file}: cannot be read (${(cause as Error).message})`);
  }
}

function readJson(rootDir: string, file: string): unknown {
  try {
    return JSON.parse(readInput(rootDir, file));
  } catch (cause) {
    if (cause instanceof InputError) throw cause;
    throw new InputError(`${file}: invalid JSON (${(cause as Error).message})`);
  }
}

function readOpenapi(rootDir: string): unknown {
  try {
    return parseContract(readInput(rootDir, inputFiles.openapi)).document;
  } catch (cause) {
    // The contract's messages already begin with the file's name.
    if (cause instanceof ContractError) throw new InputError(cause.message);
    throw cause;
  }
}

function listPages(dir: string): Set<string> {
  if (!existsSync(dir)) return new Set();
  return new Set(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
      // readdir gives paths relative to dir with the platform separator; pages use '/'.
      .map((file) => file.slice(0, -'.tsx'.length).split(sep).join('/')),
  );
}

/** The server's handler modules, by path from the repo root, sorted. */
export function handlerModuleFiles(rootDir: string): string[] {
  const dir = join(rootDir, handlerModulesDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(handlerModuleSuffix))
    .map((file) => `${handlerModulesDir}/${file.split(sep).join('/')}`)
    .sort();
}

function listHandlerModules(rootDir: string): Map<string, readonly string[]> {
  return new Map(handlerModuleFiles(rootDir).map((file) => [file, exportedNames(readInput(rootDir, file))]));
}

/** The names a module exports as `export const` or `export function`: enough to find its handlers. */
function exportedNames(text: string): string[] {
  return [...text.matchAll(/^export (?:async )?(?:const|function) (?<name>\w+)/gm)].flatMap(
    (match) => match.groups?.name ?? [],
  );
}

let iconExports: ReadonlySet<string> | undefined;

// The real package exports, so a manifest icon is checked against what the build can import.
function loadIconExports(): ReadonlySet<string> {
  iconExports ??= new Set(Object.keys(createRequire(import.meta.url)('@ant-design/icons') as object));
  return iconExports;
}
