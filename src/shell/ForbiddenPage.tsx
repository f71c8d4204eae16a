import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { appSettings } from '../generated/settings';
import { useLocale } from '../i18n';
import { messages } from '../i18n';

const forbiddenText = { zh: '抱歉，您无权访问此页面', en: 'Sorry, you are not allowed to open this page' };

/** In place of a page whose access key the user lacks; the layout around it stays. Loaded lazily. */
export default function ForbiddenPage() {
  const { t } = useLocale();
  const navigate = useNavigate();
  return (
    <Result
      className="cfop-result cfop-card"
      status="403"
      title="403"
      subTitle={t(forbiddenText)}
      extra={
        <Button type="primary" onClick={() => void navigate(appSettings.homePath)}>
          {t(messages.backHome)}
        </Button>
      }
    />
  );
}
