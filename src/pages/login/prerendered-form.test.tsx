// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../test-support/react-root';
import { appSettings } from '../../generated/settings';
import { LocaleProvider } from '../../i18n';
import { SessionProvider } from '../../session';
import LoginPage from './LoginPage';
import { renderSignInPage } from './prerender';
import { prerenderedPageId } from './sent-page';

// The api client takes the global fetch when its module loads: faked before any import. Calls never answer.
const requests = vi.hoisted(() => {
  const seen: Request[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request);
    return new Promise<Response>(() => undefined);
  });
  return seen;
});

const root = testRoot();

afterEach(() => {
  document.body.replaceChildren();
  requests.length = 0;
  // The script sent with the page runs on import: each test's page gets it afresh.
  vi.resetModules();
});

/** The page as the server sends it for the sign-in path, the script sent before it run first. */
async function sentPage(): Promise<void> {
  await import('./early-sign-in');
  document.body.innerHTML = `<div id="root"></div>${renderSignInPage().html}`;
}

const sentField = (name: string) =>
  document.querySelector<HTMLInputElement>(`#${prerenderedPageId} input[name="${name}"]`) as HTMLInputElement;
const field = (name: string) =>
  document.querySelector<HTMLInputElement>(`#root input[name="${name}"]`) as HTMLInputElement;

async function consoleStarts(): Promise<void> {
  await root.render(
    document.getElementById('root') as HTMLElement,
    <LocaleProvider>
      <MemoryRouter initialEntries={[appSettings.loginPath]}>
        <SessionProvider>
          <LoginPage />
        </SessionProvider>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

describe('the sign-in page sent as HTML', () => {
  it('is the console page: named fields, the first focused, no button that submits', () => {
    const { path, html, styles } = renderSignInPage();
    expect(path).toBe(appSettings.loginPath);
    document.body.innerHTML = html;
    const inputs = [...document.querySelectorAll('input')];
    expect(inputs.map((input) => [input.name, input.type])).toEqual([
      ['username', 'text'],
      ['password', 'password'],
    ]);
    expect(inputs[0]?.hasAttribute('autofocus')).toBe(true);
    expect(document.querySelectorAll('button[type="submit"]')).toHaveLength(0);
    expect(document.querySelector('button.ant-btn-primary')?.textContent).toBe('登 录');
    // The theme's variables are there at the first paint, not only the components' rules.
    expect(styles).toContain(`--ant-color-primary:${appSettings.primaryColor}`);
    expect(styles).toContain('.ant-input-affix-wrapper');
  });

  it("hands what was typed, the focus and the caret to the console's form, and goes", async () => {
    await sentPage();
    sentField('username').value = 'admin';
    sentField('password').value = 'secret';
    sentField('password').focus();
    sentField('password').setSelectionRange(2, 2);

    await consoleStarts();
    expect(document.getElementById(prerenderedPageId)).toBeNull();
    expect(field('username').value).toBe('admin');
    expect(field('password').value).toBe('secret');
    expect(document.activeElement).toBe(field('password'));
    expect([field('password').selectionStart, field('password').selectionEnd]).toEqual([2, 2]);
  });

  it('signs in with the values when Enter was pressed there', async () => {
    await sentPage();
    sentField('username').value = 'admin';
    sentField('password').value = 'secret';
    sentField('password').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));

    await consoleStarts();
    // Beside the page's own ask for the ways to sign in (single sign-on), one sign-in.
    const signIns = requests.filter((request) => new URL(request.url).pathname !== '/cfop/login/options');
    expect(signIns.map((request) => new URL(request.url).pathname)).toEqual(['/cfop/login/bypwd']);
    expect(await signIns[0]?.json()).toEqual({ username: 'admin', password: 'secret' });
  });

  it('shows the tab chosen there', async () => {
    await sentPage();
    document.querySelector<HTMLButtonElement>('#cfop-login-tab-sms')?.click();
    await consoleStarts();
    expect(document.querySelector('#cfop-login-tab-sms')?.getAttribute('aria-selected')).toBe('true');
    expect(field('phone')).not.toBeNull();
  });

  it('leaves the console alone when nothing was sent', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await consoleStarts();
    expect(field('username').value).toBe('');
  });
});
