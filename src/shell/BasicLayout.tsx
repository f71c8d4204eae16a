import { Layout } from 'antd';
import { useState } from 'react';
import { useAlertNotifier } from './use-alert-notifier';
import { useSession } from '../session';
import { ReadCacheProvider } from '../session/ReadCacheProvider';
import { ConnectionBanner } from './ConnectionBanner';
import { HeaderBar } from './HeaderBar';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { PageBreadcrumb } from './PageBreadcrumb';
import { PageSpin } from './PageSpin';
import { SiderMenu } from './SiderMenu';
import { HEADER_HEIGHT, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from './theme';

/** The signed-in screens' shell: the mixed layout, whose screens read through the read cache. */
export default function BasicLayout() {
  return (
    <ReadCacheProvider>
      <MixedLayout />
    </ReadCacheProvider>
  );
}

/** The mixed layout: fixed full-width header, fixed sider below it, pages on the grey body. */
function MixedLayout() {
  const { currentUser } = useSession();
  const [collapsed, setCollapsed] = useState(false);
  useAlertNotifier();
  return (
    <Layout className="cfop-layout">
      <HeaderBar />
      <SiderMenu collapsed={collapsed} onCollapse={setCollapsed} />
      <Layout
        className="cfop-main"
        style={{
          paddingTop: HEADER_HEIGHT,
          marginInlineStart: collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH,
        }}
      >
        <Layout.Content className="cfop-content">
          <ConnectionBanner />
          <PageBreadcrumb />
          {/* Pages and access checks need the user; the session sends the signed-out to the login page. */}
          {currentUser ? <KeepAliveOutlet /> : <PageSpin />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
