// @vitest-environment happy-dom
import { notifyManager, useQuery } from '@tanstack/react-query';
import { act, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../api/query-client';
import { ReadCacheProvider } from './ReadCacheProvider';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  // The cache's changes reach React in a microtask, which act() waits for.
  notifyManager.setScheduler(queueMicrotask);
});

let root: Root | undefined;
let host: HTMLElement;

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
});

interface UserList {
  readonly names: readonly string[];
}

/** The user list as a signed-in screen shows it, read from what the server answers the user now signed in. */
let answerForSignedInUser: () => Promise<UserList>;

function UserListScreen() {
  const list = useQuery({ queryKey: ['user', 'list', {}], queryFn: () => answerForSignedInUser() });
  return <p>{list.data ? list.data.names.join(', ') : 'loading'}</p>;
}

/** The signed-in layout mounting (sign-in), with `screen` in it. */
async function signedInLayout(screen = <UserListScreen />, { strict = false } = {}) {
  host = document.createElement('div');
  root = createRoot(host);
  const layout = <ReadCacheProvider>{screen}</ReadCacheProvider>;
  await act(async () => root?.render(strict ? <StrictMode>{layout}</StrictMode> : layout));
}

/** The layout unmounting: sign-out and an expired session both leave it for the sign-in page. */
async function layoutLeft() {
  await act(async () => root?.unmount());
  root = undefined;
}

describe('the signed-in layout’s read cache', () => {
  it('never shows the next user an answer the last one was given', async () => {
    answerForSignedInUser = async () => ({ names: ['only for admin'] });
    await signedInLayout();
    expect(host.textContent).toBe('only for admin');
    await layoutLeft();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);

    let answer: (list: UserList) => void = () => undefined;
    answerForSignedInUser = () => new Promise((resolve) => (answer = resolve));
    await signedInLayout();
    expect(host.textContent).toBe('loading');
    await act(async () => answer({ names: ['operator'] }));
    expect(host.textContent).toBe('operator');
  });

  it('keeps what a page read before the layout mounted through StrictMode’s rehearsal unmount', async () => {
    // A page opened on a link to an alert asks for it as its module loads (use-linked-alert.ts).
    queryClient.setQueryData(['/alerts/{id}', 7], { id: 7 });
    await signedInLayout(<p>alert wall</p>, { strict: true });
    expect(queryClient.getQueryData(['/alerts/{id}', 7])).toEqual({ id: 7 });
    await layoutLeft();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
