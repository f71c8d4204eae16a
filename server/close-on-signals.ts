/**
 * A signal this soon after the first is the same stop again: a terminal's Ctrl-C reaches the whole
 * process group (npm, its shell, this process), and npm passes its copy on to its child as well.
 */
export const repeatedSignalMs = 1000;

interface Log {
  info(message: string): void;
  error(details: object, message: string): void;
}

/** Where the signals come from and how the process ends: the process itself (tests pass a stand-in). */
export interface SignalHost {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  exit(code: number): void;
}

/**
 * Runs `close` on the first SIGINT or SIGTERM, then exits (0, or 1 when closing failed). The same
 * stop arriving again within `repeatedSignalMs` is ignored, so the close runs to its end (the
 * data-folder lock released, temporary folders removed); a signal after that is an operator who
 * will not wait, and the process exits 1 at once (the operating system lets its lock go and its
 * ffmpeg children die with it, see spawnPiped; the next start says it ended without closing).
 */
export function closeOnSignals(close: () => Promise<unknown>, log: Log, host: SignalHost = process): void {
  let closingSince: number | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closingSince !== null) {
      if (Date.now() - closingSince < repeatedSignalMs) return;
      log.info(`${signal} again: exiting without finishing the close`);
      return host.exit(1);
    }
    closingSince = Date.now();
    log.info(`${signal}: closing`);
    close().then(
      () => host.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'closing failed');
        host.exit(1);
      },
    );
  };
  host.on('SIGINT', onSignal);
  host.on('SIGTERM', onSignal);
}
