import { Alert } from 'antd';
import { useLocale } from '../i18n';
import { useConnectionLost } from '../session';

const connectionLost = {
  zh: '与服务器的连接已中断，正在重连…',
  en: 'Connection to the server lost, reconnecting…',
};

/** The one notice of a lost server, over every screen until it answers again. */
export function ConnectionBanner() {
  const lost = useConnectionLost();
  const { t } = useLocale();
  if (!lost) return null;
  return (
    <Alert className="cfop-connection-banner" type="warning" showIcon banner title={t(connectionLost)} />
  );
}
