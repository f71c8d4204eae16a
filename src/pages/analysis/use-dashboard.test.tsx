// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Api from '../../api';
import { testQueryClient } from '../../api/test-support';
import { createScreenVisibility, ScreenVisibilityContext } from '../../session/screen-visibility';
import type { DashboardQuery } from './period';
import type { OperationsDashboard } from './series';
import { useDashboard, type DashboardState } from './use-dashboard';

// The console's client, answering as the test says; the toasts it would show.
const server = vi.hoisted(() => ({
  respond: (_request: Request): Response | Promise<Response> => new Response(null, { status: 500 }),
  toasts: [] as string[],
}));
vi.mock('../../api', async (importOriginal) => {
  const actual = await importOriginal<typeof Api>();
  const { fakeBackend } = await import('../../api/test-support');
  const backend = fakeBackend((request) => server.respond(request));
  backend.effects.toastError.mockImplementation((text) => void server.toasts.push(text));
  return { ...actual, api: backend.api };
});

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

const figuresOf = (preset: string) => ({ preset }) as unknown as OperationsDashboard;
const answering = (request: Request) =>
  Response.json({
    success: true,
    code: '0',
    msg: '',
    data: figuresOf(new URL(request.url).searchParams.get('preset') ?? ''),
  });
const refusing = () =>
  Response.json({ success: false, code: '400', msg: '参数错误', data: null }, { status: 400 });
const never = () => new Promise<Response>(() => undefined);

const today: DashboardQuery = { preset: 'today', timeZone: 'Asia/Shanghai' };
const lastWeek: DashboardQuery = { preset: 'last7d', timeZone: 'Asia/Shanghai' };

async function showDashboard() {
  const client = testQueryClient();
  const visibility = createScreenVisibility(true);
  let state: DashboardState | undefined;
  function Figures({ query }: { query: DashboardQuery }) {
    state = useDashboard(query);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  const show = (query: DashboardQuery) =>
    act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <ScreenVisibilityContext value={visibility}>
            <Figures query={query} />
          </ScreenVisibilityContext>
        </QueryClientProvider>,
      ),
    );
  return {
    show,
    visibility,
    state: () => state as DashboardState,
    unmount: () => act(async () => root.unmount()),
  };
}

describe('the dashboard’s figures', () => {
  it('show a period seen a moment ago at once, and the last figures while another loads', async () => {
    server.respond = answering;
    const { show, state, unmount } = await showDashboard();
    await show(today);
    expect(state()).toMatchObject({ data: figuresOf('today'), current: true, loading: false });
    server.respond = never;
    await show(lastWeek);
    expect(state()).toMatchObject({ data: figuresOf('today'), current: false, loading: true });
    // The period picked again is a new query object, as the screen makes it.
    await show({ ...today });
    expect(state()).toMatchObject({ data: figuresOf('today'), current: true, loading: false });
    await unmount();
  });

  it('toast a failed load the operator asked for, and only mark a quiet refresh’s', async () => {
    server.respond = answering;
    server.toasts = [];
    const { show, visibility, state, unmount } = await showDashboard();
    await show(today);
    server.respond = refusing;
    await act(async () => {
      visibility.set(false);
      visibility.set(true);
    });
    expect(state()).toMatchObject({ data: figuresOf('today'), current: true, failed: true, loading: false });
    expect(server.toasts).toEqual([]);
    await act(async () => state().reload());
    expect(state()).toMatchObject({ failed: true, loading: false });
    expect(server.toasts).toEqual(['参数错误']);
    await unmount();
  });
});
