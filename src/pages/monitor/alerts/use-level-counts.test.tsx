// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../../api/test-support';
import { manualAlertStore, testAlert } from '../../../alerts-live/test-alert';
import * as pendingAlerts from '../../../session/pending-alerts';
import { useLevelCounts, type LevelCounts } from './use-level-counts';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const answer = { byLevel: { critical: 0, high: 2, medium: 0, low: 0 }, cappedLevels: [] };

describe('the counters above the alert wall', () => {
  it('count the live alerts that match into the server’s answer, each once, and show it again at once', async () => {
    const read = vi.spyOn(pendingAlerts, 'countPendingByLevel').mockResolvedValue(answer);
    const { store, flush } = manualAlertStore();
    const client = testQueryClient();
    const filters = { cameraId: '3' };
    let counts: LevelCounts | null = null;
    const shownCounts = () => counts;
    function Counters() {
      counts = useLevelCounts(filters, true, store);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    const show = (shown: boolean) =>
      act(async () =>
        root.render(<QueryClientProvider client={client}>{shown && <Counters />}</QueryClientProvider>),
      );

    await show(true);
    expect(shownCounts()).toEqual(answer);
    const raised = testAlert(11, { cameraId: 3 });
    store.push(raised);
    store.push(testAlert(12, { cameraId: 4 }));
    await act(async () => flush());
    store.push({ ...raised, revision: raised.revision + 1 });
    await act(async () => flush());
    expect(shownCounts()?.byLevel.high).toBe(3);

    await show(false);
    read.mockReturnValue(new Promise(() => undefined));
    counts = null;
    await show(true);
    expect(shownCounts()?.byLevel.high).toBe(3);
    expect(read).toHaveBeenCalledTimes(2);
    await act(async () => root.unmount());
  });
});
