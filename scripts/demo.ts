import { fileURLToPath } from 'node:url';
import { buildConsoleWhenStale } from '../build/console-build-freshness';
import { createDemo } from '../demo/run-demo';
import { closeOnSignals } from '../server/close-on-signals';

// `npm run demo`: the console (built first when its sources changed) on a fresh demo data folder,
// with a seeded, living site. Ctrl-C stops the server, the camera streams and the stand-ins.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const say = (line: string) => console.log(line);
let demo: ReturnType<typeof createDemo>;
try {
  // Before the build: settings the demo refuses (its public password beyond loopback) end it at once.
  demo = createDemo({ env: process.env, say });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
buildConsoleWhenStale(process.cwd());
closeOnSignals(() => demo.stop(), {
  info: say,
  error: (details, message) => console.error(message, details),
});
try {
  await demo.start();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await demo.stop();
  process.exit(1);
}
