import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { makeTempRepo, repoRoot } from '../test-support';
import { migrationsDir } from './write-resource';

/**
 * A fresh copy of the inputs for each test, with what the scaffolds also write to or read: the
 * migrations folder and the formatter's settings. `rootDir` and `read` are for use inside a test.
 */
export function scaffoldRepoPerTest(): { readonly rootDir: string; read(file: string): string } {
  let repo: ReturnType<typeof makeTempRepo> | undefined;
  beforeEach(() => {
    repo = makeTempRepo();
    cpSync(join(repoRoot, migrationsDir), join(repo.rootDir, migrationsDir), { recursive: true });
    cpSync(join(repoRoot, '.prettierrc.json'), join(repo.rootDir, '.prettierrc.json'));
  });
  afterEach(() => repo?.cleanup());
  const rootDir = (): string => {
    if (repo === undefined) throw new Error('the scaffold repo is made before each test; use it inside one');
    return repo.rootDir;
  };
  return {
    get rootDir() {
      return rootDir();
    },
    read: (file) => readFileSync(join(rootDir(), file), 'utf8'),
  };
}
