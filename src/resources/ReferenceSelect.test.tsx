// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../api/test-support';
import { LocaleProvider } from '../i18n';
import { ReferenceSelect, type ReferenceField } from './ReferenceSelect';
import { referenceApi } from './resource-api';

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const field: ReferenceField = {
  name: 'aiServerId',
  widget: 'reference',
  reference: { resource: 'aiServers', label: 'aiServerName', choices: '/cameras/choices' },
};

const choicesOf = (text: string) => ({
  items: [{ id: text.length + 1, label: `${text || 'all'} server` }],
  total: 1,
  totalCapped: false,
});

/** The select in a page; opens it and types as the operator does. */
async function showSelect() {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={testQueryClient()}>
        <LocaleProvider>
          <ReferenceSelect field={field} allowClear />
        </LocaleProvider>
      </QueryClientProvider>,
    ),
  );
  const input = () => host.querySelector('input') as HTMLInputElement;
  return {
    open: () =>
      act(async () => {
        input().dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      }),
    type: (text: string) =>
      act(async () => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setValue?.call(input(), text);
        input().dispatchEvent(new Event('input', { bubbles: true }));
      }),
    options: () =>
      [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent),
    unmount: () => act(async () => root.unmount()),
  };
}

describe('a reference select’s choices', () => {
  it('are asked for after a pause in typing, and a text searched before shows its choices at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = vi
      .spyOn(referenceApi, 'search')
      .mockImplementation((_reference, _field, text) => Promise.resolve(choicesOf(text)));
    const select = await showSelect();
    await select.open();
    expect(search.mock.calls.map((call) => call[2])).toEqual(['']);
    expect(select.options()).toEqual(['all server']);

    await select.type('北');
    await select.type('北门');
    await act(async () => vi.advanceTimersByTime(300));
    expect(search.mock.calls.map((call) => call[2])).toEqual(['', '北门']);
    expect(select.options()).toEqual(['北门 server']);

    await select.type('南');
    await act(async () => vi.advanceTimersByTime(300));
    expect(select.options()).toEqual(['南 server']);

    search.mockReturnValue(new Promise(() => undefined));
    await select.type('北门');
    await act(async () => vi.advanceTimersByTime(300));
    expect(search.mock.calls.map((call) => call[2])).toEqual(['', '北门', '南', '北门']);
    expect(select.options()).toEqual(['北门 server']);
    await select.unmount();
  });
});
