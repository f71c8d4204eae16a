import { useEffect, useSyncExternalStore } from 'react';
import { api, call, consoleEvents, type ConsoleEvents } from '../api';
import { sharedHold } from '../api/console-events';
import type { components, operations } from '../generated/openapi';

type Alert = components['schemas']['Alert'];
type AlertLevel = components['schemas']['AlertLevel'];
/** The list operation's filters (its query without paging and sort). */
export type AlertListFilters = Omit<
  NonNullable<operations['listAlerts']['parameters']['query']>,
  'page' | 'pageSize' | 'sort'
>;

/** The alert an event or a list shows, as much of it as the header bell needs. */
export type PendingAlert = Pick<
  Alert,
  'id' | 'label' | 'level' | 'status' | 'cameraName' | 'aiServerName' | 'occurredAt'
>;

export const alertLevels: readonly AlertLevel[] = ['critical', 'high', 'medium', 'low'];

/** How many alerts wait for an operator, by level, and the newest few: what the header bell shows. */
export interface PendingAlerts {
  /** False until the server answered once: the bell shows no number it does not know. */
  readonly known: boolean;
  readonly total: number;
  /** The server counts at most 10,000 matches: `total` then means "that many or more". */
  readonly capped: boolean;
  readonly byLevel: Readonly<Record<AlertLevel, number>>;
  /** Newest first. */
  readonly latest: readonly PendingAlert[];
}

/** What the server answers: the pending total, each level's, and the newest pending alerts. */
export interface PendingAlertsRead {
  readonly total: number;
  readonly capped: boolean;
  readonly byLevel: Readonly<Record<AlertLevel, number>>;
  readonly latest: readonly PendingAlert[];
}

export const latestShown = 5;
/** The counts are read again at most this often after live changes, so they never drift far. */
export const rereadAfterMs = 30_000;
/** A burst of alerts (a crowd before ten cameras) redraws the bell once per quarter second, as the wall. */
export const showEveryMs = 250;

const noAlerts: PendingAlerts = {
  known: false,
  total: 0,
  capped: false,
  byLevel: { critical: 0, high: 0, medium: 0, low: 0 },
  latest: [],
};

/**
 * The counts after one live alert (raised or handled). `applied` remembers what each alert last
 * did since the server's answer, so an alert heard twice counts once. Handling only ever moves a
 * pending alert on, so a handled alert not seen before was counted as pending.
 */
export function applyAlertChange(
  counts: PendingAlerts,
  alert: PendingAlert,
  applied: Map<number, boolean>,
): PendingAlerts {
  const pending = alert.status === 'pending';
  if (applied.get(alert.id) === pending) return counts;
  applied.set(alert.id, pending);
  const step = pending ? 1 : -1;
  const others = counts.latest.filter((shown) => shown.id !== alert.id);
  return {
    ...counts,
    total: Math.max(0, counts.total + step),
    byLevel: { ...counts.byLevel, [alert.level]: Math.max(0, counts.byLevel[alert.level] + step) },
    latest: pending ? [alert, ...others].slice(0, latestShown) : others,
  };
}

/**
 * The counts of a server answer with the live alerts heard while it was on its way laid over it:
 * a pending alert newer than the answer's newest, and the handling of one the answer still shows
 * as pending. Answers whether some heard alert could not be placed (a handling of an alert the
 * answer does not list), which a later read settles.
 */
export function countsFromRead(
  read: PendingAlertsRead,
  heard: readonly PendingAlert[],
  applied: Map<number, boolean>,
): { counts: PendingAlerts; unsure: boolean } {
  let counts: PendingAlerts = { known: true, ...read };
  const newest = Math.max(0, ...read.latest.map((alert) => alert.id));
  const listed = new Set(read.latest.map((alert) => alert.id));
  read.latest.forEach((alert) => applied.set(alert.id, true));
  let unsure = false;
  for (const alert of heard) {
    const pending = alert.status === 'pending';
    if (pending ? alert.id > newest : listed.has(alert.id)) counts = applyAlertChange(counts, alert, applied);
    else if (!pending) unsure = true;
  }
  return { counts, unsure };
}

/** Runs `run` after `ms`; answers the cancel. Tests pass their own to run it by hand. */
export type Scheduler = (run: () => void, ms: number) => () => void;

const afterTimeout: Scheduler = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

const quiet = { skipErrorHandler: true };

/** One page of the pending alerts the filters select, newest received first. */
const listPending = (filters: AlertListFilters, pageSize: number) =>
  call(
    api.GET('/alerts', {
      params: { query: { ...filters, status: 'pending', sort: '-receivedAt', pageSize } },
    }),
    quiet,
  );

/** How many pending alerts the filters select, by level: one list call per level (its total). */
export async function countPendingByLevel(filters: AlertListFilters = {}): Promise<{
  byLevel: Record<AlertLevel, number>;
  /** The levels whose count stopped at the server's cap: that many or more. */
  cappedLevels: readonly AlertLevel[];
}> {
  const pages = await Promise.all(alertLevels.map((level) => listPending({ ...filters, level }, 1)));
  return {
    byLevel: Object.fromEntries(alertLevels.map((level, n) => [level, pages[n]?.total ?? 0])) as Record<
      AlertLevel,
      number
    >,
    cappedLevels: alertLevels.filter((_, n) => pages[n]?.totalCapped),
  };
}

/** Reads the pending counts: one list call for the total and the newest, one per level for its count. */
async function readPendingAlerts(): Promise<PendingAlertsRead> {
  const [newest, levels] = await Promise.all([listPending({}, latestShown), countPendingByLevel()]);
  return { total: newest.total, capped: newest.totalCapped, byLevel: levels.byLevel, latest: newest.items };
}

export interface PendingAlertStore {
  subscribe(listener: () => void): () => void;
  counts(): PendingAlerts;
  /** Keeps the counts live (the console's event stream open) while anyone holds it; answers the release. */
  retain(): () => void;
}

/**
 * The pending alerts of the console, live: the server is read when the event stream opens (and
 * again after each break, which may have missed changes), a raised alert counts at once, a handled
 * one goes at once, and the server is asked again at most every `rereadAfterMs` after live
 * changes, so the counts never drift.
 */
export function createPendingAlertStore(
  options: { read?: () => Promise<PendingAlertsRead>; events?: ConsoleEvents; schedule?: Scheduler } = {},
): PendingAlertStore {
  const read = options.read ?? readPendingAlerts;
  const events = options.events ?? consoleEvents;
  const schedule = options.schedule ?? afterTimeout;
  const listeners = new Set<() => void>();
  let counts = noAlerts;
  let applied = new Map<number, boolean>();
  /** Alerts heard while a read is on its way, laid over its answer; null when none is. */
  let heard: PendingAlert[] | null = null;
  let readNumber = 0;
  let cancelReread: (() => void) | null = null;
  let live = false;

  let showPending = false;
  const set = (next: PendingAlerts) => {
    if (next === counts) return;
    counts = next;
    if (showPending) return;
    showPending = true;
    schedule(() => {
      showPending = false;
      listeners.forEach((listener) => listener());
    }, showEveryMs);
  };

  const rereadLater = () => {
    cancelReread ??= schedule(() => {
      cancelReread = null;
      void readNow();
    }, rereadAfterMs);
  };

  const readNow = async () => {
    const mine = ++readNumber;
    heard = [];
    try {
      const answer = await read();
      if (mine !== readNumber || !live) return;
      applied = new Map();
      const placed = countsFromRead(answer, heard, applied);
      set(placed.counts);
      if (placed.unsure) rereadLater();
    } catch {
      // The bell keeps what it showed; the next read (a reconnect, a live change) tries again.
    } finally {
      if (mine === readNumber) heard = null;
    }
  };

  const hear = (data: string) => {
    const alert = JSON.parse(data) as PendingAlert;
    heard?.push(alert);
    set(applyAlertChange(counts, alert, applied));
    rereadLater();
  };

  const start = () => {
    let status = '';
    const stopAlerts = events.on('alert', hear);
    // Read each time the stream opens (first, or again after a break): whatever changes after the
    // read began then comes as an event, so nothing falls between the two.
    const stopStatus = events.onStatus((next) => {
      if (next === 'open' && status !== 'open') void readNow();
      status = next;
    });
    live = true;
    const release = events.retain();
    return {
      close() {
        live = false;
        stopAlerts();
        stopStatus();
        release();
        cancelReread?.();
        cancelReread = null;
        readNumber += 1;
        heard = null;
        // The next holder (another user, after signing in again) sees nothing until the server answers.
        set(noAlerts);
      },
    };
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    counts: () => counts,
    retain: sharedHold(start),
  };
}

/** The console's pending alerts, which the header bell shows. */
export const pendingAlerts = createPendingAlertStore();

/** The pending alerts, live while the caller is mounted; render again on each change. */
export function usePendingAlerts(store: PendingAlertStore = pendingAlerts): PendingAlerts {
  useEffect(() => store.retain(), [store]);
  return useSyncExternalStore(store.subscribe, store.counts);
}
