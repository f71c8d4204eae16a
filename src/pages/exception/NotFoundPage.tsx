import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { appSettings } from '../../generated/settings';
import { useLocale } from '../../i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { messages } from '../../i18n';

const notFoundText = { zh: '抱歉，您访问的页面不存在', en: 'Sorry, the page you visited does not exist' };

export default function NotFoundPage() {
  const { t } = useLocale();
  const navigate = useNavigate();
  return (
    <main className="cfop-fullpage">
      <div className="cfop-fullpage-corner">
        <LanguageSwitch className="cfop-plain-action" />
      </div>
      <Result
        status="404"
        title="404"
        subTitle={t(notFoundText)}
        extra={
          <Button type="primary" onClick={() => void navigate(appSettings.homePath)}>
            {t(messages.backHome)}
          </Button>
        }
      />
    </main>
  );
}
