import { Menu } from 'antd';
import { appSettings, modules } from '../generated/settings';
import { useLocale } from '../i18n';
import { useSession } from '../session';
import { useRouterNavigate } from '../session/screen-location';

/** One header tab per module; choosing one switches the sider's menu and lands on the home page. */
export function ModuleTabs() {
  const { selectedModule, selectModule } = useSession();
  const { t } = useLocale();
  const navigate = useRouterNavigate();
  return (
    <Menu
      className="cfop-module-tabs"
      theme="dark"
      mode="horizontal"
      selectedKeys={[selectedModule]}
      items={modules.map((module) => ({ key: module.value, label: t(module.label) }))}
      onClick={({ key }) => {
        const chosen = modules.find((module) => module.value === key);
        if (!chosen) return;
        selectModule(chosen.value);
        navigate(appSettings.homePath);
      }}
    />
  );
}
