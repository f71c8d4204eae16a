import type { ChangeChannel } from '../cluster/change-channel';
import type { ActiveSession } from '../operations/caller';

/** A long-lived answer (a live video socket, an event stream) held open for a session's holder. */
export interface WatchedAnswer {
  readonly session: ActiveSession;
  /** The key its operation needs; null: any signed-in user. */
  readonly accessKey: string | null;
  /** Ends the answer: its session ended or its user lost the key. */
  end(): void;
}

/**
 * Keeps the open long-lived answers in step with their sessions and keys: each is asked again every
 * `recheckMs` (an expired or idle session, a change made by hand in the database or by another
 * process), and all at once after a change of access, so signing out, a new password, a disabled
 * user or a lost key ends them before that change's own answer leaves.
 */
export interface AccessWatch {
  /** Keeps `answer` under watch until the answer is called. */
  watch(answer: WatchedAnswer): () => void;
  /**
   * Sessions may have ended or access shrunk (the change committed): every open answer on this
   * server is asked now, and those no longer allowed are ended before this resolves; the other
   * servers on the database are told to do the same.
   */
  changed(): Promise<void>;
  /** Stops asking (the app closing). */
  close(): void;
}

export interface AccessWatchOptions {
  /** Whether the session still stands and grants the key (sessionStillGrants). */
  readonly stillGrants: (session: ActiveSession, accessKey: string | null) => Promise<boolean>;
  readonly recheckMs: number;
  /** Several servers on PostgreSQL: how changes made on the others reach this one. */
  readonly channel?: ChangeChannel | null;
}

export function createAccessWatch(options: AccessWatchOptions): AccessWatch {
  const { stillGrants, recheckMs, channel } = options;
  // By session and key: the answers of one session (a wall's sixteen sockets) cost one question.
  const groups = new Map<string, Set<WatchedAnswer>>();
  let timer: NodeJS.Timeout | undefined;
  let periodic: Promise<void> | null = null;

  const askAll = async (): Promise<void> => {
    await Promise.all(
      [...groups.values()].map(async (answers) => {
        const [first] = answers;
        if (!first) return;
        const allowed = await stillGrants(first.session, first.accessKey).catch(() => false);
        if (!allowed) [...answers].forEach((answer) => answer.end());
      }),
    );
  };
  const askPeriodically = () => {
    periodic ??= askAll().finally(() => (periodic = null));
  };
  const unsubscribe = channel?.subscribe((notice) => {
    if (notice.kind === 'access') void askAll();
  });

  return {
    watch(answer) {
      const key = `${answer.session.tokenHash} ${answer.accessKey ?? ''}`;
      const group = groups.get(key) ?? new Set();
      groups.set(key, group.add(answer));
      if (timer === undefined) {
        timer = setInterval(askPeriodically, recheckMs);
        timer.unref();
      }
      return () => {
        group.delete(answer);
        if (group.size === 0 && groups.get(key) === group) groups.delete(key);
        if (groups.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    async changed() {
      channel?.publish({ kind: 'access' });
      await askAll();
    },
    close() {
      clearInterval(timer);
      timer = undefined;
      unsubscribe?.();
    },
  };
}
