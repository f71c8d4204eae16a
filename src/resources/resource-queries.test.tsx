// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Read } from '../api/use-read';
import { testQueryClient } from '../api/test-support';
import type { Entity } from './form-values';
import { resourceApi } from './resource-api';
import { invalidateResource, useResourceItem } from './resource-queries';
import { device } from './test-fixtures';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

describe('a resource item read through the cache', () => {
  it('is read again when the resource changes, and not before', async () => {
    const client = testQueryClient();
    const get = vi
      .spyOn(resourceApi, 'get')
      .mockResolvedValueOnce({ id: 7, name: 'before' })
      .mockResolvedValueOnce({ id: 7, name: 'after' });
    const seen: Read<Entity>[] = [];
    function Probe() {
      seen.push(useResourceItem(device, 7));
      return null;
    }
    const root = createRoot(document.createElement('div'));
    const render = () =>
      act(async () =>
        root.render(
          <QueryClientProvider client={client}>
            <Probe />
          </QueryClientProvider>,
        ),
      );
    await render();
    expect(seen.at(-1)?.data).toEqual({ id: 7, name: 'before' });
    await render();
    expect(get).toHaveBeenCalledTimes(1);

    await act(async () => invalidateResource(client, device));
    expect(get).toHaveBeenCalledTimes(2);
    expect(seen.at(-1)?.data).toEqual({ id: 7, name: 'after' });
    await act(async () => root.unmount());
    get.mockRestore();
  });

  it('reads nothing without an id (a create form)', async () => {
    const client = testQueryClient();
    const get = vi.spyOn(resourceApi, 'get');
    let read: Read<Entity> | undefined;
    function Probe() {
      read = useResourceItem(device, null);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <Probe />
        </QueryClientProvider>,
      ),
    );
    expect(get).not.toHaveBeenCalled();
    expect(read).toMatchObject({ data: undefined, failed: false, updating: false });
    await act(async () => root.unmount());
    get.mockRestore();
  });
});
