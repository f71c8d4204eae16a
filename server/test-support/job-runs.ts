import type { FastifyInstance } from 'fastify';
import { waitUntil } from './wait-until';

/** How many runs of the periodic job `job` (runEvery's name) the app has finished: its /metrics counter. */
async function finishedRuns(app: FastifyInstance, job: string): Promise<number> {
  const answer = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  const counted = new RegExp(`^cfop_job_runs_total\\{[^}]*job="${job}"[^}]*\\} (\\d+)$`, 'gm');
  return [...answer.body.matchAll(counted)].reduce((sum, [, runs]) => sum + Number(runs), 0);
}

/**
 * Resolves once a whole run of `job` that started after the call has finished: what a test waits
 * for before it says the job did nothing (no second message sent), instead of sleeping.
 */
export async function afterNextWholeRun(app: FastifyInstance, job: string): Promise<void> {
  // The run under way at the call may have read the database before the test's change: the one after it has not.
  const before = await finishedRuns(app, job);
  await waitUntil(async () => (await finishedRuns(app, job)) >= before + 2, `two more runs of ${job}`);
}
