import { describe, expect, it, vi } from 'vitest';
import { createConsoleEvents, sharedHold, type ConsoleStreamOpener } from './console-events';
import type { StreamOptions } from './event-stream';

describe('sharedHold', () => {
  it('opens on the first hold, closes on the last release, each release once', () => {
    const close = vi.fn();
    const open = vi.fn(() => ({ close }));
    const hold = sharedHold(open);
    const releaseA = hold();
    const releaseB = hold();
    expect(open).toHaveBeenCalledTimes(1);
    releaseA();
    releaseA();
    expect(close).not.toHaveBeenCalled();
    releaseB();
    expect(close).toHaveBeenCalledTimes(1);
    hold();
    expect(open).toHaveBeenCalledTimes(2);
  });
});

describe('the console events', () => {
  /** The console's events over a fake stream; `opened`: the options of each opening. */
  function fakeEvents() {
    const opened: StreamOptions[] = [];
    const open: ConsoleStreamOpener = (options) => {
      opened.push(options);
      return { close: () => undefined };
    };
    return { events: createConsoleEvents(open), opened };
  }

  it('passes each event to its listeners only', () => {
    const { events, opened } = fakeEvents();
    const alerts: string[] = [];
    const cameras: string[] = [];
    events.on('alert', (data) => alerts.push(data));
    events.on('cameraStatus', (data) => cameras.push(data));
    events.retain();
    opened[0]?.onEvent({ id: '5', event: 'alert', data: 'a5' });
    opened[0]?.onEvent({ id: null, event: 'cameraStatus', data: 'c1' });
    expect([alerts, cameras]).toEqual([['a5'], ['c1']]);
  });

  it('opened again, resumes after the last numbered event it delivered, whoever listened', () => {
    const { events, opened } = fakeEvents();
    const release = events.retain();
    opened[0]?.onEvent({ id: '41', event: 'alert', data: '{}' });
    opened[0]?.onEvent({ id: null, event: 'cameraStatus', data: '{}' });
    release();
    events.retain();
    expect(opened.map((options) => options.after)).toEqual([null, '41']);
  });
});
