import { describe, expect, it } from 'vitest';
import { createConsoleEvents, type ConsoleStreamOpener } from '../api/console-events';
import type { StreamOptions } from '../api/event-stream';
import {
  createPendingAlertStore,
  type PendingAlert,
  type PendingAlertsRead,
  type Scheduler,
  showEveryMs,
} from './pending-alerts';

const alert = (
  id: number,
  level: PendingAlert['level'],
  status: PendingAlert['status'] = 'pending',
): PendingAlert => ({
  id,
  level,
  status,
  label: `alert ${id}`,
  cameraName: 'Gate',
  aiServerName: 'Box',
  occurredAt: '2026-11-28T10:00:00Z',
});

/** A server answer holding `alerts` (all pending), newest first. */
function answerOf(alerts: PendingAlert[]): PendingAlertsRead {
  const byLevel = { critical: 0, high: 0, medium: 0, low: 0 };
  alerts.forEach((one) => (byLevel[one.level] += 1));
  return { total: alerts.length, capped: false, byLevel, latest: alerts.slice(0, 5) };
}

/** A store over a fake stream and a fake server whose reads the test answers by hand. */
function setUp() {
  let stream: StreamOptions | null = null;
  const open: ConsoleStreamOpener = (options) => {
    stream = options;
    return { close: () => undefined };
  };
  const reads: ((answer: PendingAlertsRead) => void)[] = [];
  /** The rereads waiting, and the redraws (a quarter second away). */
  const timers: (() => void)[] = [];
  const redraws: (() => void)[] = [];
  const schedule: Scheduler = (run, ms) => {
    const queue = ms === showEveryMs ? redraws : timers;
    queue.push(run);
    return () => void queue.splice(queue.indexOf(run), 1);
  };
  const store = createPendingAlertStore({
    events: createConsoleEvents(open),
    read: () => new Promise((resolve) => reads.push(resolve)),
    schedule,
  });
  const send = (one: PendingAlert) =>
    stream?.onEvent({ event: 'alert', id: String(one.id), data: JSON.stringify(one) });
  const status = (next: 'open' | 'reconnecting') => stream?.onStatus?.(next);
  /** Answers the oldest read still waiting, and lets its answer land. */
  const answer = async (read: PendingAlertsRead) => {
    reads.shift()?.(read);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { store, send, status, answer, reads, timers, redraws };
}

describe('the pending alert counts', () => {
  it('reads the server when the stream opens, then counts raised alerts up and handled ones down by level', async () => {
    const { store, send, status, answer, reads } = setUp();
    store.retain();
    expect(reads).toHaveLength(0);
    status('open');
    expect(store.counts().known).toBe(false);
    await answer(answerOf([alert(3, 'high')]));
    expect(store.counts()).toMatchObject({ known: true, total: 1, byLevel: { high: 1 } });

    send(alert(4, 'critical'));
    send(alert(5, 'critical'));
    expect(store.counts()).toMatchObject({ total: 3, byLevel: { critical: 2, high: 1 } });
    expect(store.counts().latest.map((one) => one.id)).toEqual([5, 4, 3]);

    send(alert(4, 'critical', 'confirmed'));
    send(alert(3, 'high', 'dismissed'));
    expect(store.counts()).toMatchObject({ total: 1, byLevel: { critical: 1, high: 0 } });
    expect(store.counts().latest.map((one) => one.id)).toEqual([5]);
  });

  it('tells its listeners of a burst once', async () => {
    const { store, send, status, answer, redraws } = setUp();
    let told = 0;
    store.subscribe(() => (told += 1));
    store.retain();
    status('open');
    await answer(answerOf([]));
    redraws.splice(0).forEach((redraw) => redraw());
    expect(told).toBe(1);
    for (let id = 1; id <= 20; id += 1) send(alert(id, 'high'));
    expect(redraws).toHaveLength(1);
    redraws.splice(0).forEach((redraw) => redraw());
    expect(told).toBe(2);
    expect(store.counts().total).toBe(20);
  });

  it('counts an alert heard twice once', async () => {
    const { store, send, status, answer } = setUp();
    store.retain();
    status('open');
    await answer(answerOf([]));
    send(alert(7, 'low'));
    send(alert(7, 'low'));
    expect(store.counts().total).toBe(1);
    send(alert(7, 'low', 'confirmed'));
    send(alert(7, 'low', 'confirmed'));
    expect(store.counts().total).toBe(0);
  });

  it('lays alerts heard while a read was on its way over its answer, once', async () => {
    const { store, send, status, answer, timers } = setUp();
    store.retain();
    status('open');
    send(alert(8, 'high'));
    send(alert(9, 'medium'));
    send(alert(2, 'low', 'confirmed'));
    // The answer counted 8 (committed before the read) but not 9; it still lists 2 as pending.
    await answer(answerOf([alert(8, 'high'), alert(2, 'low')]));
    expect(store.counts()).toMatchObject({ total: 2, byLevel: { high: 1, medium: 1, low: 0 } });
    expect(store.counts().latest.map((one) => one.id)).toEqual([9, 8]);
    expect(timers).toHaveLength(1);
  });

  it('reads again once after live changes, and at once when the stream opens again', async () => {
    const { store, send, status, answer, reads, timers } = setUp();
    store.retain();
    status('open');
    await answer(answerOf([]));
    send(alert(1, 'low'));
    send(alert(2, 'low'));
    expect(timers).toHaveLength(1);
    timers.shift()?.();
    expect(reads).toHaveLength(1);
    await answer(answerOf([alert(1, 'low')]));
    expect(store.counts().total).toBe(1);

    status('reconnecting');
    status('open');
    expect(reads).toHaveLength(1);
    await answer(answerOf([]));
    expect(store.counts().total).toBe(0);
  });

  it('forgets the counts when the last holder lets go', async () => {
    const { store, status, answer } = setUp();
    const release = store.retain();
    status('open');
    await answer(answerOf([alert(1, 'low')]));
    release();
    expect(store.counts()).toMatchObject({ known: false, total: 0 });
  });
});
