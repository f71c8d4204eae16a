import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What `vite build` turns into dist/: a change to any of them makes the build stale. */
export const consoleBuildInputs = [
  'src',
  'index.html',
  'manifest',
  'openapi.yaml',
  'vite.config.ts',
  'build',
];

/** Why dist/ must be rebuilt, or null when dist/index.html is newer than every input. */
export function staleConsoleBuild(root: string): string | null {
  const builtAt = modifiedAt(join(root, 'dist', 'index.html'));
  if (builtAt === null) return 'dist/index.html is missing';
  for (const input of consoleBuildInputs) {
    const changed = newerFile(join(root, input), builtAt);
    if (changed) return `${relative(root, changed)} changed after the last build`;
  }
  return null;
}

/** Builds the console (`npm run build`) when dist/ is stale; exits as the build did when it fails. */
export function buildConsoleWhenStale(root: string): void {
  const reason = staleConsoleBuild(root);
  if (!reason) return;
  console.log(`构建控制台 / Building the console (${reason})`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function modifiedAt(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

function newerFile(path: string, than: number): string | null {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return stat.mtimeMs > than ? path : null;
  for (const entry of readdirSync(path)) {
    const found = newerFile(join(path, entry), than);
    if (found) return found;
  }
  return null;
}
