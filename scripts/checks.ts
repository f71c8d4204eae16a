/**
 * The static checks of `npm test`, run side by side: each is one single-threaded process (tsc per
 * project, ESLint, Prettier, the codegen check), so on two CPUs together they take about half as
 * long as one after another. Each check's output is printed whole when it ends, never interleaved.
 *
 *   tsx scripts/checks.ts             every check
 *   tsx scripts/checks.ts typecheck   the type check of each project in tsconfig.json's references
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

interface Check {
  name: string;
  command: string[];
}

/** tsconfig.json lists the projects (browser, Node, Node with DOM); each is checked on its own. */
function typeChecks(): Check[] {
  const text = readFileSync('tsconfig.json', 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const { references } = JSON.parse(text) as { references: { path: string }[] };
  return references.map(({ path }) => ({ name: `tsc ${path}`, command: ['tsc', '--noEmit', '-p', path] }));
}

const allChecks = (): Check[] => [
  ...typeChecks(),
  { name: 'eslint', command: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'prettier', command: ['prettier', '--check', '.'] },
  { name: 'codegen --check', command: ['tsx', 'scripts/codegen.ts', '--check'] },
];

interface Outcome {
  check: Check;
  code: number | null;
  output: string;
  seconds: number;
}

function run(check: Check): Promise<Outcome> {
  const started = performance.now();
  const [program, ...args] = check.command as [string, ...string[]];
  // npx finds the local binaries without a shell; stdout and stderr land in one buffer in order.
  const child = spawn('npx', ['--no-install', program, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    const finish = (code: number | null, extra = '') =>
      resolve({
        check,
        code,
        output: Buffer.concat(chunks).toString('utf8') + extra,
        seconds: (performance.now() - started) / 1000,
      });
    child.on('error', (error) => finish(null, error.message));
    child.on('close', (code) => finish(code));
  });
}

async function runAll(checks: Check[]): Promise<Outcome[]> {
  const waiting = [...checks];
  const outcomes: Outcome[] = [];
  // One more than the CPUs: a check waiting on its files leaves a CPU to another.
  const lanes = Array.from({ length: Math.min(checks.length, availableParallelism() + 1) }, async () => {
    for (let check = waiting.shift(); check; check = waiting.shift()) {
      const outcome = await run(check);
      const verdict = outcome.code === 0 ? 'passed' : `FAILED (exit ${String(outcome.code)})`;
      process.stdout.write(`\n> ${check.name}: ${verdict} in ${outcome.seconds.toFixed(1)} s\n`);
      if (outcome.output.trim()) process.stdout.write(`${outcome.output.trimEnd()}\n`);
      outcomes.push(outcome);
    }
  });
  await Promise.all(lanes);
  return outcomes;
}

const only = process.argv[2];
if (only !== undefined && only !== 'typecheck') {
  process.stderr.write(`unknown check group "${only}": use no argument or "typecheck"\n`);
  process.exit(2);
}
const outcomes = await runAll(only === 'typecheck' ? typeChecks() : allChecks());
const failed = outcomes.filter((outcome) => outcome.code !== 0).map((outcome) => outcome.check.name);
if (failed.length > 0) {
  process.stderr.write(`\nfailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
