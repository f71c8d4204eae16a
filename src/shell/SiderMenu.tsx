import { Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { createElement, useMemo, useState, type ReactNode } from 'react';
import { menuTree } from '../session/menu-tree';
import { appSettings, type LocalText } from '../generated/settings';
import { useLocale } from '../i18n';
import { useSession } from '../session';
import { openMenuPaths, selectedMenuPath, visibleMenu, type MenuItemDef } from '../session/menu-rules';
import { isPlainClick } from '../session/plain-click';
import { rememberedUrl } from '../session/screen-memory';
import { useRouterNavigate } from '../session/screen-location';
import { PrefetchLink } from './PrefetchLink';
import { HEADER_HEIGHT, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from './theme';
import { useRouteChain } from '../session/use-current-route';

type MenuItems = NonNullable<MenuProps['items']>;

/**
 * A menu entry's link: its screen reopens with the query it was left at in this tab (filters,
 * page, camera), read at the click since the menu does not render on each navigation.
 */
function MenuLink({ path, children }: { path: string; children: ReactNode }) {
  const navigate = useRouterNavigate();
  return (
    <PrefetchLink
      to={path}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(rememberedUrl(path));
      }}
    >
      {children}
    </PrefetchLink>
  );
}

function toMenuItems(entries: readonly MenuItemDef[], t: (text: LocalText) => string): MenuItems {
  return entries.map((entry) => {
    const icon = entry.icon ? createElement(entry.icon) : undefined;
    return entry.children.length > 0
      ? { key: entry.path, icon, label: t(entry.name), children: toMenuItems(entry.children, t) }
      : { key: entry.path, icon, label: <MenuLink path={entry.path}>{t(entry.name)}</MenuLink> };
  });
}

export function SiderMenu({
  collapsed,
  onCollapse,
}: {
  collapsed: boolean;
  onCollapse(value: boolean): void;
}) {
  const { selectedModule, canOpen } = useSession();
  const { t } = useLocale();
  const chain = useRouteChain();
  const menu = useMemo(() => visibleMenu(menuTree, selectedModule, canOpen), [selectedModule, canOpen]);
  const items = useMemo(() => toMenuItems(menu, t), [menu, t]);
  const selected = selectedMenuPath(
    menu,
    chain.map((route) => route.path),
  );

  // The reader may open and close groups freely; arriving at a screen opens the groups above it.
  const [openKeys, setOpenKeys] = useState(() => openMenuPaths(menu, selected));
  const [followedPath, setFollowedPath] = useState(selected);
  if (followedPath !== selected) {
    setFollowedPath(selected);
    setOpenKeys((keys) => [...new Set([...keys, ...openMenuPaths(menu, selected)])]);
  }

  return (
    <Layout.Sider
      className={appSettings.fixSiderbar ? 'cfop-sider cfop-sider-fixed' : 'cfop-sider'}
      style={{ top: HEADER_HEIGHT }}
      theme="light"
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsible
      collapsed={collapsed}
      onCollapse={onCollapse}
      // Below 992 px the page needs the room: the sider folds to its icons (and opens again above).
      breakpoint="lg"
      onBreakpoint={onCollapse}
    >
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        // Each item's tooltip names it when the sider is folded to icons; unfolded, antd still
        // renders one closed tooltip per item, on every route change.
        {...(collapsed ? {} : { tooltip: false as const })}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      />
    </Layout.Sider>
  );
}
