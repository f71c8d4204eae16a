import { spawn } from 'node:child_process';

const buildTimeoutMs = 180_000;

/** `npm run build`, printing its output only when it fails. */
export async function buildConsole(): Promise<void> {
  const started = Date.now();
  const child = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGTERM'), buildTimeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  if (code !== 0) {
    console.error(output);
    throw new Error(`npm run build failed (exit ${code})`);
  }
  console.log(`npm run build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
