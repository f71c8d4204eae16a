// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleEvents, type ConsoleStreamOpener } from '../../api/console-events';
import type { StreamOptions } from '../../api/event-stream';
import { testQueryClient } from '../../api/test-support';
import { useLiveRead } from './use-live-read';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
});

const events = ['cameraStatus'] as const;

/** A page showing what `useLiveRead` answers, over a fake stream and reads the test answers by hand. */
async function setUp() {
  let stream: StreamOptions | null = null;
  const open: ConsoleStreamOpener = (options) => {
    stream = options;
    return { close: () => undefined };
  };
  const hub = createConsoleEvents(open);
  const reads: ((answer: string) => void)[] = [];
  const read = () => new Promise<string>((resolve) => reads.push(resolve));
  const host = document.createElement('div');
  function Shown() {
    return <span>{useLiveRead(['devices'], read, events, hub) ?? 'none'}</span>;
  }
  const client = testQueryClient();
  const render = (shown: boolean) =>
    act(async () =>
      root?.render(<QueryClientProvider client={client}>{shown && <Shown />}</QueryClientProvider>),
    );
  root = createRoot(host);
  await render(true);
  return {
    render,
    shown: () => host.textContent,
    reads,
    answer: (text: string) => act(async () => reads.shift()?.(text)),
    send: () => act(async () => stream?.onEvent({ event: 'cameraStatus', id: null, data: '{}' })),
    status: (next: 'open' | 'reconnecting') => act(async () => stream?.onStatus?.(next)),
  };
}

describe('a read kept live by the event stream', () => {
  it('reads at once, and again when a device event comes', async () => {
    const { shown, reads, answer, send } = await setUp();
    expect(shown()).toBe('none');
    await answer('first');
    expect(shown()).toBe('first');
    expect(reads).toHaveLength(0);
    await send();
    await answer('second');
    expect(shown()).toBe('second');
  });

  it('reads once more after a burst that came while a read was on its way, not once per event', async () => {
    const { shown, reads, answer, send } = await setUp();
    await send();
    await send();
    await send();
    expect(reads).toHaveLength(1);
    await answer('old');
    expect(reads).toHaveLength(1);
    await answer('after the burst');
    expect(shown()).toBe('after the burst');
    expect(reads).toHaveLength(0);
  });

  it('reads again each time the stream opens: what changed before came as no event', async () => {
    const { reads, answer, status } = await setUp();
    await answer('at once');
    await status('open');
    expect(reads).toHaveLength(1);
    await answer('opened');
    await status('reconnecting');
    expect(reads).toHaveLength(0);
    await status('open');
    expect(reads).toHaveLength(1);
  });

  it('shows its last answer at once when shown again, and reads again', async () => {
    const { shown, reads, answer, render } = await setUp();
    await answer('before');
    await render(false);
    await render(true);
    expect(shown()).toBe('before');
    expect(reads).toHaveLength(1);
    await answer('now');
    expect(shown()).toBe('now');
  });
});
