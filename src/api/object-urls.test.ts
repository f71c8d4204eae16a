import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdsObjectUrl } from './object-urls';
import { testQueryClient } from './test-support';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('object URLs held by the read cache', () => {
  it('are released when a newer answer replaces them and when the cache drops them', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const client = testQueryClient();
    const read = (url: string) =>
      client.fetchQuery({
        queryKey: ['snapshot', 1],
        queryFn: () => ({ url }),
        meta: holdsObjectUrl,
        staleTime: 0,
      });
    await read('blob:first');
    expect(revoked).not.toHaveBeenCalled();
    await read('blob:second');
    expect(revoked.mock.calls).toEqual([['blob:first']]);
    client.clear();
    expect(revoked.mock.calls).toEqual([['blob:first'], ['blob:second']]);
  });

  it('leave the answers of other reads alone', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const client = testQueryClient();
    await client.fetchQuery({ queryKey: ['page'], queryFn: () => ({ url: 'https://example.org/' }) });
    client.clear();
    expect(revoked).not.toHaveBeenCalled();
  });
});
