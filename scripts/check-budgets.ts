/**
 * Front-end JS budgets, checked on every build by the test command. Byte counts of a
 * production build are deterministic, so they are safe to assert (timings are not: those
 * live in bench:web). Prints every route's cost and exits 1 naming each budget exceeded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildManifestFile } from '../build/built-files';
import type { BuildManifest } from '../build/chunk-graph';
import { measureBudgets, type BudgetPlan, type CostRow } from './budgets/route-costs';
import { budgetPlanFromManifest } from './budgets/plan';

const distDir = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(distDir, buildManifestFile), 'utf8')) as BuildManifest;
const chunkModules = JSON.parse(readFileSync(join(distDir, '.vite/chunk-modules.json'), 'utf8')) as Record<
  string,
  string[]
>;
const console_ = JSON.parse(readFileSync('manifest/console.json', 'utf8')) as Parameters<
  typeof budgetPlanFromManifest
>[0];
const plan: BudgetPlan = budgetPlanFromManifest(console_);

const sizes = new Map<string, number>();
for (const chunk of Object.values(manifest)) {
  if (chunk.file.endsWith('.js') && !sizes.has(chunk.file)) {
    sizes.set(chunk.file, gzipSync(readFileSync(join(distDir, chunk.file)), { level: 9 }).length);
  }
}

const report = measureBudgets(manifest, sizes, chunkModules, plan);
printTable(report.rows);
if (report.failures.length > 0) {
  console.error('\nJS budget exceeded:');
  for (const f of report.failures) console.error(`  ✗ ${f}`);
  process.exit(1);
}
console.log('\nAll JS budgets met.');

function printTable(rows: readonly CostRow[]): void {
  const kb = (n: number): string => (n / 1024).toFixed(1);
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log(`${'journey'.padEnd(width)}  files   gzip KB   budget KB   left KB`);
  for (const r of rows) {
    const budget = r.limit === null ? '—' : kb(r.limit);
    const left = r.limit === null ? '—' : kb(r.limit - r.bytes);
    console.log(
      `${r.label.padEnd(width)}  ${String(r.files).padStart(5)}  ${kb(r.bytes).padStart(8)}  ${budget.padStart(10)}  ${left.padStart(8)}`,
    );
  }
}
