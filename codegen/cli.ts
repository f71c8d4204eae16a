import { existsSync, mkdirSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { formatDiagnostic } from './diagnostics';
import { emit } from './emit';
import { generatedDir, InputError, inputFiles, loadInputs, serverGeneratedDir } from './inputs';
import { validate } from './validate';

type Outcome = 'ok' | 'failed';

/** Where codegen prints: the console (scripts/codegen.ts), or a test's lines. */
export interface CodegenOutput {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/** Validates and emits; nothing is written unless every input is valid. */
async function generate(rootDir: string, io: CodegenOutput): Promise<Map<string, string> | null> {
  let inputs;
  try {
    inputs = loadInputs(rootDir);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.err(error.message);
    return null;
  }
  const problems = validate(inputs);
  if (problems.length > 0) {
    problems.forEach((problem) => io.err(formatDiagnostic(problem)));
    io.err(`codegen: ${problems.length} problem(s); nothing written.`);
    return null;
  }
  return emit(inputs);
}

function readIfExists(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** Files in src/generated and server/generated that codegen does not produce. */
function unexpectedFiles(rootDir: string, expected: Map<string, string>): string[] {
  return [generatedDir, serverGeneratedDir]
    .map((dir) => join(rootDir, dir))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => readdirSync(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(rootDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !expected.has(file));
}

async function write(rootDir: string, io: CodegenOutput): Promise<Outcome> {
  const files = await generate(rootDir, io);
  if (files === null) return 'failed';
  const changed = [...files].filter(([file, text]) => readIfExists(join(rootDir, file)) !== text);
  for (const [file, text] of changed) {
    mkdirSync(dirname(join(rootDir, file)), { recursive: true });
    writeFileSync(join(rootDir, file), text);
    io.out(`wrote ${file}`);
  }
  if (changed.length === 0) io.out('codegen: src/generated and server/generated are up to date.');
  for (const file of unexpectedFiles(rootDir, files)) io.err(`unexpected file ${file} (not generated)`);
  return 'ok';
}

async function check(rootDir: string, io: CodegenOutput): Promise<Outcome> {
  const files = await generate(rootDir, io);
  if (files === null) return 'failed';
  const problems = [
    ...[...files].flatMap(([file, text]) => {
      const current = readIfExists(join(rootDir, file));
      if (current === null) return [`missing ${file}`];
      return current === text ? [] : [`stale ${file}`];
    }),
    ...unexpectedFiles(rootDir, files).map((file) => `unexpected ${file} (not generated)`),
  ];
  problems.forEach((problem) => io.err(problem));
  if (problems.length > 0) {
    io.err(
      'codegen --check: src/generated or server/generated differs from its inputs; run npm run codegen.',
    );
    return 'failed';
  }
  io.out('codegen --check: src/generated and server/generated are up to date.');
  return 'ok';
}

/** Rewrites src/generated on every save of an input, until `signal` aborts (without one, for good). */
function watchInputs(rootDir: string, io: CodegenOutput, signal?: AbortSignal): Promise<void> {
  let running = Promise.resolve();
  const rerun = (): void => {
    // Keep watching after a crash in one run; the next save gets a fresh try.
    running = running.then(() =>
      write(rootDir, io).then(
        () => undefined,
        (error: unknown) => io.err(error instanceof Error ? (error.stack ?? error.message) : String(error)),
      ),
    );
  };
  rerun();
  // Watch the folders, not the files: editors often replace a file, which ends a file watch.
  const namesByDir = new Map<string, Set<string>>();
  for (const file of Object.values(inputFiles)) {
    const dir = dirname(join(rootDir, file));
    namesByDir.set(dir, (namesByDir.get(dir) ?? new Set<string>()).add(basename(file)));
  }
  let timer: NodeJS.Timeout | undefined;
  for (const [dir, names] of namesByDir) {
    watch(dir, { signal }, (_event, name) => {
      if (name === null || !names.has(name)) return;
      clearTimeout(timer);
      timer = setTimeout(rerun, 100);
    });
  }
  io.out(`codegen: watching ${Object.values(inputFiles).join(', ')}`);
  return new Promise((stopped) =>
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      void running.then(stopped);
    }),
  );
}

const usage = 'usage: npm run codegen -- [--check | --watch] [--root <repo dir>]';

export interface CodegenOptions {
  readonly check: boolean;
  readonly watch: boolean;
  /** The repository's folder, absolute. */
  readonly rootDir: string;
}

/** `npm run codegen -- <args>` read, or null (the usage printed) for bad arguments. */
export function readCodegenArgs(args: readonly string[], io: CodegenOutput): CodegenOptions | null {
  try {
    const { check, watch, root } = parseArgs({
      args: [...args],
      options: {
        check: { type: 'boolean', default: false },
        watch: { type: 'boolean', default: false },
        root: { type: 'string', default: process.cwd() },
      },
    }).values;
    return { check, watch, rootDir: resolve(root) };
  } catch (error) {
    io.err(`${(error as Error).message}\n${usage}`);
    return null;
  }
}

/** `npm run codegen -- <args>`: answers the exit code (2 for bad arguments, 1 for bad inputs or a stale check). */
export async function runCodegen(
  args: readonly string[],
  io: CodegenOutput,
  signal?: AbortSignal,
): Promise<number> {
  const options = readCodegenArgs(args, io);
  if (options === null) return 2;
  const { rootDir } = options;
  if (options.watch) {
    await watchInputs(rootDir, io, signal);
    return 0;
  }
  const outcome = options.check ? await check(rootDir, io) : await write(rootDir, io);
  return outcome === 'ok' ? 0 : 1;
}
