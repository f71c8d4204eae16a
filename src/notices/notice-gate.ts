import type { Alert } from '../alerts-live/live-alerts';

/** What one desktop notification tells: how many alerts were raised since the last one, and the newest. */
export interface AlertNotice {
  readonly count: number;
  readonly newest: Alert;
}

/**
 * The least time between two notifications (and their sounds): a burst (a crowd in front of ten
 * cameras) gives one at once and then one per interval with the count, never one per alert.
 */
export const noticeEveryMs = 5000;

/** Runs `run` after `ms`; answers the cancel. Tests pass their own to run it by hand. */
export type Timer = (run: () => void, ms: number) => () => void;

const realTimer: Timer = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * Alert ids remembered as announced. The stream sends each raised alert once, but a store fed from
 * elsewhere (a call's answer) may repeat one; an id this far back is not coming again.
 */
const rememberedIds = 1000;

const newer = (a: Alert, b: Alert) =>
  b.occurredAt > a.occurredAt || (b.occurredAt === a.occurredAt && b.id > a.id) ? b : a;

export interface NoticeGate {
  /** Takes a batch of live alerts (raised or handled); only newly raised ones count. */
  take(batch: readonly Alert[]): void;
  /** Drops what is held and the pending interval. */
  stop(): void;
}

/**
 * Turns live alerts into notices: the first new alert is announced at once, then nothing for
 * `everyMs`; what came meanwhile is announced as one notice (its count, its newest) when the
 * interval ends, which starts the next interval. Quiet through a whole interval, the next alert
 * is announced at once again.
 */
export function createNoticeGate(
  announce: (notice: AlertNotice) => void,
  options: { timer?: Timer; everyMs?: number } = {},
): NoticeGate {
  const timer = options.timer ?? realTimer;
  const everyMs = options.everyMs ?? noticeEveryMs;
  const announced = new Set<number>();
  let held: AlertNotice | null = null;
  let cancelInterval: (() => void) | null = null;

  const startInterval = () => {
    cancelInterval = timer(() => {
      cancelInterval = null;
      const next = held;
      held = null;
      if (next === null) return;
      announce(next);
      startInterval();
    }, everyMs);
  };

  return {
    take(batch) {
      const raised = batch.filter((alert) => alert.status === 'pending' && !announced.has(alert.id));
      const [first, ...rest] = raised;
      if (first === undefined) return;
      for (const alert of raised) {
        announced.add(alert.id);
        if (announced.size > rememberedIds) announced.delete(announced.values().next().value as number);
      }
      const notice = {
        count: (held?.count ?? 0) + raised.length,
        newest: rest.reduce(newer, held ? newer(held.newest, first) : first),
      };
      if (cancelInterval !== null) {
        held = notice;
        return;
      }
      announce(notice);
      startInterval();
    },
    stop() {
      cancelInterval?.();
      cancelInterval = null;
      held = null;
    },
  };
}
