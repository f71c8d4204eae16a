import { Card } from 'antd';
import { createElement, useMemo } from 'react';
import { menuTree } from '../../session/menu-tree';
import { useLocale } from '../../i18n';
import { useSession } from '../../session';
import { findMenuEntry, visibleMenu } from '../../session/menu-rules';
import { useCurrentRoute } from '../../session/use-current-route';
import { ScreenLinks } from '../shared/ScreenLinks';

const chooseText = { zh: '请选择要打开的页面', en: 'Choose a screen to open' };

/** The page of every menu group: its name and the screens in it this user may open. */
export default function GroupPage() {
  const route = useCurrentRoute();
  const { selectedModule, canOpen } = useSession();
  const { t } = useLocale();
  const group = useMemo(
    () => (route ? findMenuEntry(visibleMenu(menuTree, selectedModule, canOpen), route.path) : undefined),
    [route, selectedModule, canOpen],
  );
  const links = (group?.children ?? []).map((child) => ({
    path: child.path,
    name: child.name,
    icon: child.icon ?? group?.icon ?? null,
  }));
  return (
    <Card
      variant="borderless"
      title={
        <span className="cfop-card-title">
          {group?.icon ? createElement(group.icon) : null}
          {route ? t(route.name) : null}
        </span>
      }
    >
      <p className="cfop-muted">{t(chooseText)}</p>
      <ScreenLinks links={links} />
    </Card>
  );
}
