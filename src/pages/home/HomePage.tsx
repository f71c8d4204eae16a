import UserOutlined from '@ant-design/icons/UserOutlined';
import { Avatar, Card } from 'antd';
import { useMemo } from 'react';
import { menuTree } from '../../session/menu-tree';
import { appSettings, modules, type LocalText } from '../../generated/settings';
import { dateTimeFormat, useLocale } from '../../i18n';
import { useSession } from '../../session';
import { menuLeaves, visibleMenu } from '../../session/menu-rules';
import { ScreenLinks } from '../shared/ScreenLinks';
import { greetingFor } from './greeting';

const shortcutsText = { zh: '快捷入口', en: 'Shortcuts' };
const welcomeText = (title: LocalText) => ({ zh: `欢迎使用${title.zh}`, en: `Welcome to the ${title.en}` });
const greetingText = (greeting: LocalText, name: string) => ({
  zh: `${greeting.zh}，${name}`,
  en: `${greeting.en}, ${name}`,
});

export default function HomePage() {
  const { currentUser, selectedModule, canOpen } = useSession();
  const { locale, t } = useLocale();
  const links = useMemo(
    () =>
      menuLeaves(visibleMenu(menuTree, selectedModule, canOpen)).map((leaf) => ({
        path: leaf.entry.path,
        name: leaf.entry.name,
        icon: leaf.icon,
        ...(leaf.group === leaf.entry ? {} : { caption: leaf.group.name }),
      })),
    [selectedModule, canOpen],
  );
  const now = new Date();
  const greeting = greetingFor(now.getHours());
  const name = currentUser ? currentUser.name || currentUser.userName : '';
  const moduleLabel = modules.find((module) => module.value === selectedModule)?.label;
  const today = dateTimeFormat(locale, { dateStyle: 'full' }).format(now);

  return (
    <div className="cfop-stack">
      <Card variant="borderless">
        <div className="cfop-welcome">
          <Avatar size={56} icon={<UserOutlined />} className="cfop-user-avatar" />
          <div>
            <h2 className="cfop-welcome-title">{t(greetingText(greeting, name))}</h2>
            <p className="cfop-welcome-text">
              {t(welcomeText(appSettings.title))}
              {moduleLabel ? ` · ${t(moduleLabel)}` : ''} · {today}
            </p>
          </div>
        </div>
      </Card>
      <Card variant="borderless" title={t(shortcutsText)}>
        <ScreenLinks links={links} />
      </Card>
    </div>
  );
}
