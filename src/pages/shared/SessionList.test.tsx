// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../../i18n';
import { SessionList, type SessionInfo } from './SessionList';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterEach(() => {
  document.body.innerHTML = '';
});

const phone: SessionInfo = {
  id: 'a'.repeat(32),
  device: 'Safari · iOS',
  address: '10.0.0.6',
  clientType: 'PC',
  createdAt: '2030-01-01T08:00:00.000Z',
  lastActiveAt: '2030-01-01T09:00:00.000Z',
  current: false,
};
const office: SessionInfo = { ...phone, id: 'b'.repeat(32), device: 'Chrome · Windows', current: true };

async function show(sessions: readonly SessionInfo[] | undefined, onEnd = vi.fn()) {
  const host = document.createElement('div');
  document.body.append(host);
  await act(async () =>
    createRoot(host).render(
      <LocaleProvider>
        <SessionList label="登录会话" sessions={sessions} onEnd={onEnd} />
      </LocaleProvider>,
    ),
  );
  const click = (button: Element | undefined) => act(async () => (button as HTMLButtonElement).click());
  const buttons = (text: string) =>
    [...host.querySelectorAll('button')].filter((button) => button.textContent?.replace(/\s/g, '') === text);
  return { host, click, buttons };
}

describe('SessionList', () => {
  it('shows each session with its facts, this one marked, and ends one only once confirmed', async () => {
    const onEnd = vi.fn();
    const { host, click, buttons } = await show([office, phone], onEnd);
    const rows = [...host.querySelectorAll('li')].map((row) => row.textContent);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Chrome · Windows');
    expect(rows[0]).toContain('当前会话');
    expect(rows[1]).toContain('地址 10.0.0.6');
    expect(rows[1]).not.toContain('当前会话');

    await click(buttons('结束此会话')[1]);
    expect(host.textContent).toContain('该设备将立即退出登录。确定结束？');
    expect(onEnd).not.toHaveBeenCalled();
    await click(buttons('确定')[0]);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith(phone);
  });

  it('says there is none when the user has no open session, and nothing while they are read', async () => {
    expect((await show([])).host.textContent).toBe('暂无登录会话');
    const reading = await show(undefined);
    expect(reading.host.querySelectorAll('li')).toHaveLength(0);
    expect(reading.host.textContent).toBe('');
  });
});
