import { fileURLToPath } from 'node:url';
import { buildConsoleWhenStale } from '../build/console-build-freshness';

// `npm start`: build the console when its sources changed since the last build, then serve it
// and /cfop from this same process.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
buildConsoleWhenStale(process.cwd());

await import('../server/main');
