// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequestEffects } from '../../api';
import { testQueryClient } from '../../api/test-support';
import { LocaleProvider } from '../../i18n';
import UserSessions from './UserSessions';

const sessionId = 'c'.repeat(32);
const phone = {
  id: sessionId,
  device: 'Safari · iOS',
  address: '10.0.0.6',
  clientType: 'PC',
  createdAt: '2030-01-01T08:00:00.000Z',
  lastActiveAt: '2030-01-01T09:00:00.000Z',
  current: false,
};
const answer =
  (code: string, data: unknown, msg = '') =>
  () =>
    Response.json({ success: code === '0', code, msg, data });

// What the fake server answers, by "METHOD path", and the requests it saw. Stubbed before the
// console's client is imported, as it keeps the fetch it finds.
const server = vi.hoisted(() => {
  const state = { answers: {} as Record<string, () => Response>, seen: [] as string[] };
  vi.stubGlobal('fetch', async (request: Request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    state.seen.push(key);
    const respond = state.answers[key];
    if (!respond) throw new TypeError(`Failed to fetch ${key}`);
    return respond();
  });
  return state;
});
const toastError = vi.fn<(text: string) => void>();

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

beforeEach(() => {
  server.seen.length = 0;
  toastError.mockClear();
  configureRequestEffects({ toastError, goToLogin: () => undefined, isOnLoginPage: () => false });
});

afterEach(() => {
  document.body.innerHTML = '';
});

async function show(userId: number) {
  const host = document.createElement('div');
  document.body.append(host);
  await act(async () =>
    createRoot(host).render(
      <QueryClientProvider client={testQueryClient()}>
        <LocaleProvider>
          <UserSessions userId={userId} />
        </LocaleProvider>
      </QueryClientProvider>,
    ),
  );
  return host;
}

const click = (button: Element | undefined) => act(async () => (button as HTMLButtonElement).click());
const buttonOf = (host: HTMLElement, text: string) =>
  [...host.querySelectorAll('button')].find((button) => button.textContent?.replace(/\s/g, '') === text);

describe('UserSessions', () => {
  it('lists the user’s sessions and ends the one confirmed, then reads them again', async () => {
    server.answers = {
      'GET /cfop/users/7/sessions': answer('0', [phone]),
      [`POST /cfop/users/7/sessions/${sessionId}/end`]: () => {
        server.answers['GET /cfop/users/7/sessions'] = answer('0', []);
        return answer('0', null)();
      },
    };
    const host = await show(7);
    await vi.waitFor(() => expect(host.querySelector('li')?.textContent).toContain('Safari · iOS'));

    await click(buttonOf(host, '结束此会话'));
    await click(buttonOf(host, '确定'));
    await vi.waitFor(() => expect(host.textContent).toContain('暂无登录会话'));
    expect(server.seen).toEqual([
      'GET /cfop/users/7/sessions',
      `POST /cfop/users/7/sessions/${sessionId}/end`,
      'GET /cfop/users/7/sessions',
    ]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of one’s own sessions in place of the list, not as a toast', async () => {
    const refusal = '不能在此查看自己的会话，请在个人中心查看';
    server.answers = {
      'GET /cfop/users/1/sessions': answer('400', { errors: [{ field: 'id', message: refusal }] }, refusal),
    };
    const host = await show(1);
    await vi.waitFor(() => expect(host.textContent).toContain(refusal));
    expect(host.querySelector('ul')).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('says a failure of any other kind (the user deleted meanwhile) is one, toasted as every failure is', async () => {
    server.answers = { 'GET /cfop/users/3/sessions': answer('404', null, '该用户不存在') };
    const host = await show(3);
    await vi.waitFor(() => expect(host.textContent).toContain('登录会话加载失败'));
    expect(toastError).toHaveBeenCalledWith('该用户不存在');
  });
});
