import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useLocale } from '../i18n';
import { shellTheme } from './theme';

/** antd's theme and its own texts in the reader's language, plus the App context for messages. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  return (
    <ConfigProvider locale={locale === 'en-US' ? enUS : zhCN} theme={shellTheme}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
