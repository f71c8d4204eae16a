import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createAlertFeed } from '../cluster/alert-feed';
import type { AppContext } from '../app-context';
import { alertWorld } from '../test-support/alert-world';
import { contract } from '../test-support/test-app';
import { openTestDatabase } from '../test-support/test-database';
import { alertEventStream, gatherChangesMs } from './console-event-stream';

/**
 * The chunks a stream sent that hold alerts, each as the ids of its alert events, and a wait
 * that ends when what was sent satisfies a condition. The wait follows the stream's own
 * chunks, not a count of turns, so a slow database only makes it longer.
 */
function alertChunks(stream: Readable) {
  const chunks: string[] = [];
  const waits = new Set<() => void>();
  stream.on('data', (chunk: Buffer | string) => {
    chunks.push(String(chunk));
    for (const check of waits) check();
  });
  const sent = {
    connected: () => chunks.some((chunk) => chunk.includes(': connected')),
    alerts: () =>
      chunks
        .filter((chunk) => chunk.includes('event: alert'))
        .map((chunk) =>
          [...chunk.matchAll(/data: (\{.*\})/g)].map((match) => JSON.parse(match[1] as string).id),
        ),
    until: (done: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!done()) return;
          waits.delete(check);
          resolve();
        };
        waits.add(check);
        check();
      }),
  };
  return sent;
}

afterEach(() => void vi.useRealTimers());

describe('the live alert stream', () => {
  it('reads the changes told within the gather time together, once', async () => {
    const { t, raise } = await alertWorld();
    const db = await openTestDatabase(t.dataDir);
    onTestFinished(() => db.destroy());
    // A feed of the test's own: the stream hears only the changes the test tells it of.
    const feed = createAlertFeed();
    // The stream's queries, counted as they answer: it reads where to begin, connects, then reads
    // what came since; an alert raised before that read answered would be caught up by it.
    let answered = 0;
    let heard = () => {};
    const counted = db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        answered += 1;
        heard();
        return result;
      },
    });
    const ctx = { db: counted, alertFeed: feed, contract } as unknown as AppContext;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stream = alertEventStream(ctx, null, 'zh');
    onTestFinished(() => void stream.destroy());
    const sent = alertChunks(stream);
    await sent.until(sent.connected);
    await new Promise<void>((resolve) => {
      heard = () => answered >= 2 && resolve();
      heard();
    });

    const first = await raise();
    feed.changed();
    await new Promise((resolve) => setImmediate(resolve));
    const second = await raise();
    feed.changed();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.alerts()).toEqual([]);

    vi.advanceTimersByTime(gatherChangesMs);
    await sent.until(() => sent.alerts().length > 0);
    expect(sent.alerts()).toEqual([[first.id, second.id]]);
  });
});
