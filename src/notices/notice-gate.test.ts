import { describe, expect, it } from 'vitest';
import { testAlert } from '../alerts-live/test-alert';
import { createNoticeGate, type AlertNotice, type Timer } from './notice-gate';

/** A gate whose intervals end when the test says. */
function manualGate() {
  const notices: AlertNotice[] = [];
  let pending: (() => void) | null = null;
  const timer: Timer = (run) => {
    pending = run;
    return () => void (pending = null);
  };
  const gate = createNoticeGate((notice) => notices.push(notice), { timer });
  const endInterval = () => {
    const run = pending;
    pending = null;
    run?.();
  };
  return { gate, notices, endInterval, waiting: () => pending !== null };
}

const summary = (notice: AlertNotice | undefined) =>
  notice && { count: notice.count, newest: notice.newest.id };

describe('the gate between live alerts and desktop notifications', () => {
  it('announces the first new alert at once, and a burst after it as one notice with its count', () => {
    const { gate, notices, endInterval } = manualGate();
    gate.take([testAlert(1)]);
    expect(notices.map(summary)).toEqual([{ count: 1, newest: 1 }]);

    gate.take([testAlert(2), testAlert(3)]);
    gate.take([testAlert(5), testAlert(4)]);
    expect(notices).toHaveLength(1);
    endInterval();
    expect(notices.map(summary)).toEqual([
      { count: 1, newest: 1 },
      { count: 4, newest: 5 },
    ]);
  });

  it('is quiet after a silent interval, then announces the next alert at once', () => {
    const { gate, notices, endInterval, waiting } = manualGate();
    gate.take([testAlert(1)]);
    endInterval();
    expect(waiting()).toBe(false);
    gate.take([testAlert(2)]);
    expect(notices.map(summary)).toEqual([
      { count: 1, newest: 1 },
      { count: 1, newest: 2 },
    ]);
  });

  it('counts each raised alert once, and no handled one', () => {
    const { gate, notices, endInterval } = manualGate();
    gate.take([testAlert(1, { status: 'confirmed', revision: 9 })]);
    expect(notices).toEqual([]);
    gate.take([testAlert(1)]);
    gate.take([testAlert(1), testAlert(2, { status: 'dismissed' })]);
    endInterval();
    expect(notices.map(summary)).toEqual([{ count: 1, newest: 1 }]);
  });

  it('announces device and access alerts as well', () => {
    const { gate, notices } = manualGate();
    gate.take([testAlert(7, { source: 'device', cameraId: null, snapshotId: null })]);
    expect(notices.map((notice) => notice.newest.source)).toEqual(['device']);
  });

  it('forgets what it holds when stopped', () => {
    const { gate, notices, endInterval, waiting } = manualGate();
    gate.take([testAlert(1)]);
    gate.take([testAlert(2)]);
    gate.stop();
    expect(waiting()).toBe(false);
    endInterval();
    expect(notices).toHaveLength(1);
  });
});
