import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeOnSignals, repeatedSignalMs } from './close-on-signals';

function signalledProcess() {
  const signals = new EventEmitter();
  const exits: number[] = [];
  let finishClose = () => {};
  const close = vi.fn(() => new Promise<void>((resolve) => (finishClose = resolve)));
  closeOnSignals(
    close,
    { info: () => {}, error: () => {} },
    {
      on: (signal, listener) => signals.on(signal, listener),
      exit: (code) => void exits.push(code),
    },
  );
  return {
    send: (signal: NodeJS.Signals) => signals.emit(signal, signal),
    close,
    exits,
    finishClose: () => finishClose(),
  };
}

describe('closeOnSignals', () => {
  afterEach(() => vi.useRealTimers());

  it('lets the close finish when the same Ctrl-C comes again at once (the terminal and npm)', async () => {
    vi.useFakeTimers();
    const server = signalledProcess();
    server.send('SIGINT');
    vi.advanceTimersByTime(repeatedSignalMs - 1);
    server.send('SIGINT');
    expect(server.close).toHaveBeenCalledTimes(1);
    expect(server.exits).toEqual([]);
    server.finishClose();
    await vi.waitFor(() => expect(server.exits).toEqual([0]));
  });

  it('exits at once on a later second signal: an operator who will not wait', () => {
    vi.useFakeTimers();
    const server = signalledProcess();
    server.send('SIGTERM');
    vi.advanceTimersByTime(repeatedSignalMs);
    server.send('SIGINT');
    expect(server.close).toHaveBeenCalledTimes(1);
    expect(server.exits).toEqual([1]);
  });
});
