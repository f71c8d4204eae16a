import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// `npm run dev`: the /cfop server (restarted on change) and Vite's dev server, whose proxy sends
// /cfop to the server (vite.config.ts). Ctrl-C stops both.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const port = process.env.PORT ?? '8000';
const children: ChildProcess[] = [
  run('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'server/main.ts'], { PORT: port }),
  run('node_modules/.bin/vite', [], {
    CFOP_API_TARGET: process.env.CFOP_API_TARGET ?? `http://127.0.0.1:${port}`,
  }),
];

let exitCode: number | null = null;

function run(command: string, args: string[], env: Record<string, string>): ChildProcess {
  // Own process group: a terminal Ctrl-C reaches only this script, which passes it on once.
  // No stdin: a background group reading the terminal would be stopped.
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  child.on('exit', (code, signal) => {
    exitCode ??= code ?? (signal ? 1 : 0);
    // One stopping ends the session: a proxy without its server (or the reverse) is no use.
    for (const other of children)
      if (other.exitCode === null && other.signalCode === null) other.kill('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
  return child;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

process.on('exit', () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
