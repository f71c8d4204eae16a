import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { appSettings } from '../../generated/settings';
import { LocaleProvider } from '../../i18n';
import { SessionProvider } from '../../session';
import { AppProviders } from '../../shell/AppProviders';
import LoginPage from './LoginPage';
import { prerenderedPageId } from './sent-page';

export interface PrerenderedSignIn {
  /** The page's path. */
  readonly path: string;
  /** The sign-in page as HTML, in the element the console's form takes over from. */
  readonly html: string;
  /**
   * antd's styles for it (its components' rules and the theme's CSS variables): what antd's
   * CSS-in-JS would otherwise compute in the browser before anything is painted.
   */
  readonly styles: string;
}

/** Replaces the first `from` in `html`, or every one; a page whose markup changed shape stops the build. */
function replaced(html: string, from: string, to: string, every: boolean): string {
  if (!html.includes(from)) throw new Error(`the prerendered sign-in page has no ${from}`);
  return every ? html.replaceAll(from, to) : html.replace(from, to);
}

/**
 * The sign-in page in the default language, rendered at build time (build/vite-prerendered-sign-in.ts)
 * by the console's own components and providers, so that the server can send it as HTML: painted
 * and taking keystrokes before any script has run. Its button is a plain one (see
 * ./early-sign-in.ts) and its first field has the focus, as the console's form gives it.
 */
export function renderSignInPage(): PrerenderedSignIn {
  const cache = createCache();
  const rendered = renderToString(
    <StyleProvider cache={cache}>
      <LocaleProvider>
        <AppProviders>
          <MemoryRouter initialEntries={[appSettings.loginPath]}>
            <SessionProvider>
              <LoginPage />
            </SessionProvider>
          </MemoryRouter>
        </AppProviders>
      </LocaleProvider>
    </StyleProvider>,
  );
  const plain = replaced(rendered, 'type="submit"', 'type="button"', true);
  const page = replaced(plain, '<input ', '<input autofocus ', false);
  return {
    path: appSettings.loginPath,
    html: `<div id="${prerenderedPageId}" class="cfop-prerendered">${page}</div>`,
    // The styles end with a rule whose `content` lists their cache paths; antd's runtime reads it
    // and skips generating those.
    styles: extractStyle(cache, { plain: true, types: ['style', 'token', 'cssVar'] }),
  };
}
