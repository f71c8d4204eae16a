import type { Plugin } from 'vite';

export interface HtmlAppSettings {
  readonly title: { readonly zh: string; readonly en: string };
  readonly primaryColor: string;
  readonly defaultLocale: string;
}

/**
 * Fills index.html's %APP_TITLE%, %APP_LOCALE% and %APP_PRIMARY_COLOR% from the manifest's
 * app settings, so the page painted before any script runs already carries the title,
 * language and colour that the manifest declares, without a second copy of them.
 */
export function appSettingsHtml(settings: HtmlAppSettings): Plugin {
  const values: Record<string, string> = {
    APP_TITLE: settings.defaultLocale.startsWith('zh') ? settings.title.zh : settings.title.en,
    APP_LOCALE: settings.defaultLocale,
    APP_PRIMARY_COLOR: settings.primaryColor,
  };
  return {
    name: 'cfop-app-settings-html',
    transformIndexHtml(html) {
      return html.replace(/%(APP_[A-Z_]+)%/g, (placeholder, name: string) => {
        const value = values[name];
        if (value === undefined) throw new Error(`index.html: unknown placeholder ${placeholder}`);
        return value;
      });
    },
  };
}
