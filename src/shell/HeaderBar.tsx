import { Layout } from 'antd';
import { Link } from 'react-router-dom';
import { appSettings } from '../generated/settings';
import { useLocale } from '../i18n';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { AlertBell } from './AlertBell';
import { ModuleTabs } from './ModuleTabs';
import { UserMenu } from './UserMenu';

export function HeaderBar() {
  const { t } = useLocale();
  return (
    <Layout.Header className={appSettings.fixedHeader ? 'cfop-header cfop-header-fixed' : 'cfop-header'}>
      <Link to={appSettings.homePath} className="cfop-header-title">
        {t(appSettings.title)}
      </Link>
      <ModuleTabs />
      <div className="cfop-header-actions">
        <AlertBell />
        <LanguageSwitch className="cfop-header-action" />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
