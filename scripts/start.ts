import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { staleConsoleBuild } from '../build/console-build-freshness';

// `npm start`: build the console when its sources changed since the last build, then serve it
// and /cfop from this same process.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const reason = staleConsoleBuild(process.cwd());
if (reason) {
  console.log(`构建控制台 / Building the console (${reason})`);
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../server/main');
