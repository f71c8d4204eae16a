import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

// A throw-away copy of the repository as git knows it (what a clean clone holds), for trying a
// maintainer's change on the real tree: its commands run there, and git there tells what changed.

export interface RepoCopy {
  readonly rootDir: string;
  /** Runs a command in the copy; fails with the end of its output when it does not exit 0. */
  run(command: string, args: readonly string[], env?: Record<string, string>): Promise<string>;
  /** Every path changed or added since the copy was made, the generated folders apart. */
  changedFiles(): string[];
  /** Lines added per changed path (git's numstat), the generated folders apart. */
  addedLines(): ReadonlyMap<string, number>;
  /** The added lines themselves, the generated folders apart. */
  addedText(): string;
  /** Records every change as a commit of the copy: what changes next is counted from there. */
  commit(message: string): void;
  remove(): void;
}

const git = (rootDir: string, args: readonly string[]) =>
  execFileSync('git', ['-c', 'user.name=cfop', '-c', 'user.email=cfop@localhost', ...args], {
    cwd: rootDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

/** What `npm run codegen` writes: the console's files, the handler index and the database's types. */
const generatedDirs = ['src/generated', 'server/generated', 'server/db/generated'];
const notGenerated = (path: string) => !generatedDirs.some((dir) => path.startsWith(`${dir}/`));

export function copyRepo(sourceDir = process.cwd()): RepoCopy {
  const rootDir = mkdtempSync(join(tmpdir(), 'cfop-repo-'));
  const files = git(resolve(sourceDir), ['ls-files', '-z']).split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(rootDir, file)), { recursive: true });
    cpSync(join(sourceDir, file), join(rootDir, file));
  }
  symlinkSync(resolve(sourceDir, 'node_modules'), join(rootDir, 'node_modules'), 'dir');
  git(rootDir, ['init', '-q']);
  git(rootDir, ['add', '-A']);
  git(rootDir, ['commit', '-q', '-m', 'copy']);
  const staged = () => {
    git(rootDir, ['add', '-A']);
    return git(rootDir, ['diff', '--cached', '--numstat'])
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'))
      .filter(([, , path]) => path !== undefined && notGenerated(path));
  };
  return {
    rootDir,
    run: (command, args, env = {}) =>
      new Promise((done, fail) => {
        const child = spawn(command, args, { cwd: rootDir, env: { ...process.env, ...env } });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('error', fail);
        child.on('close', (code) =>
          code === 0
            ? done(output)
            : fail(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`)),
        );
      }),
    changedFiles: () => staged().map(([, , path]) => path as string),
    addedLines: () => new Map(staged().map(([added, , path]) => [path as string, Number(added)])),
    addedText: () =>
      git(rootDir, [
        'diff',
        '--cached',
        '--unified=0',
        '--',
        '.',
        ...generatedDirs.map((dir) => `:(exclude)${dir}`),
      ])
        .split('\n')
        .filter((line) => line.startsWith('+') && !line.startsWith('+++'))
        .map((line) => line.slice(1))
        .join('\n'),
    commit: (message) => {
      git(rootDir, ['add', '-A']);
      git(rootDir, ['commit', '-q', '-m', message]);
    },
    remove: () => rmSync(rootDir, { recursive: true, force: true }),
  };
}
