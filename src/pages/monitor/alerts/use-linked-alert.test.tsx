// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BusinessError } from '../../../api';
import { testQueryClient } from '../../../api/test-support';
import { liveAlerts } from '../../../alerts-live/live-alert-store';
import { testAlert } from '../../../alerts-live/test-alert';
import { alertApi } from './alert-api';
import { useLinkedAlert, type LinkedAlert } from './use-linked-alert';

vi.mock('./AlertDrawer', () => ({ default: () => null }));

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The wall opened on `?alertId=N`, and what its linked alert was last. */
async function openLink(search: string) {
  let linked: LinkedAlert | undefined;
  function Probe() {
    linked = useLinkedAlert();
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () =>
    root.render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[`/alerts${search}`]}>
          <Probe />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  return { linked: () => linked as LinkedAlert, unmount: () => act(async () => root.unmount()) };
}

describe('the alert a link names', () => {
  it('opens with its drawer and shows a colleague’s handling as it comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(alertApi, 'get').mockResolvedValue(testAlert(5));
    const { linked, unmount } = await openLink('?alertId=5');
    expect(linked().open).toBe(true);
    expect(linked().Drawer).not.toBeNull();
    expect(linked().alert?.status).toBe('pending');

    liveAlerts.push(testAlert(5, { revision: 6, status: 'confirmed' }));
    await act(async () => vi.runOnlyPendingTimers());
    expect(linked().alert).toMatchObject({ id: 5, revision: 6, status: 'confirmed' });
    // An older revision heard late does not undo it.
    liveAlerts.push(testAlert(5, { revision: 4, status: 'pending' }));
    await act(async () => vi.runOnlyPendingTimers());
    expect(linked().alert).toMatchObject({ id: 5, revision: 6, status: 'confirmed' });
    await unmount();
  });

  it('says there is no such alert', async () => {
    vi.spyOn(alertApi, 'get').mockRejectedValue(new BusinessError('404', '告警不存在', null));
    const { linked, unmount } = await openLink('?alertId=404');
    expect(linked().open).toBe(false);
    expect(linked().failure).not.toBeNull();
    await unmount();
  });
});
