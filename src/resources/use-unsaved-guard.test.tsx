// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider, type DataRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createScreenVisibility, ScreenVisibilityContext } from '../session/screen-visibility';
import { testRoot } from '../../test-support/react-root';
import { useUnsavedGuard } from './use-unsaved-guard';

const root = testRoot();

/** A screen with unsaved changes, kept by the layout with the given visibility. */
async function dirtyScreen(shown: boolean) {
  const visibility = createScreenVisibility(shown);
  const confirmDiscard = vi.fn(() => Promise.resolve(false));
  function Form() {
    useUnsavedGuard(true, confirmDiscard, () => undefined);
    return null;
  }
  const router: DataRouter = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <ScreenVisibilityContext value={visibility}>
            <Form />
          </ScreenVisibilityContext>
        ),
      },
      { path: '/other', element: null },
    ],
    { initialEntries: ['/form'] },
  );
  await root.render(document.createElement('div'), <RouterProvider router={router} />);
  return { router, visibility, confirmDiscard };
}

describe('useUnsavedGuard', () => {
  it('asks before leaving a shown screen with unsaved changes, and stays when told to', async () => {
    const { router, confirmDiscard } = await dirtyScreen(true);
    await act(async () => router.navigate('/other'));
    expect(confirmDiscard).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/form');
  });

  it('blocks nothing from a screen the layout keeps hidden', async () => {
    const { router, visibility, confirmDiscard } = await dirtyScreen(true);
    visibility.set(false);
    await act(async () => router.navigate('/other'));
    expect(confirmDiscard).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/other');
  });
});
