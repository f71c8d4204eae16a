import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Avatar, Dropdown, Spin } from 'antd';
import type { MenuProps } from 'antd';
import { appSettings } from '../generated/settings';
import { useLocale } from '../i18n';
import { useSession } from '../session';
import { useRouterNavigate } from '../session/screen-location';
import { messages } from '../i18n';

const personalText = { zh: '个人中心', en: 'Personal centre' };
const logoutText = { zh: '退出登录', en: 'Log out' };

/** The header's user corner: a spinner until the user is known, then avatar, name and their menu. */
export function UserMenu() {
  const { currentUser, logout } = useSession();
  const { t } = useLocale();
  const navigate = useRouterNavigate();
  if (!currentUser) {
    return (
      <span className="cfop-header-action" aria-label={t(messages.loading)}>
        <Spin size="small" />
      </span>
    );
  }
  const items: MenuProps['items'] = [
    { key: 'personal', icon: <UserOutlined />, label: t(personalText) },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t(logoutText) },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'personal') navigate(appSettings.personalPath);
    else void logout();
  };
  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight">
      <button type="button" className="cfop-header-action cfop-user">
        <Avatar size="small" icon={<UserOutlined />} className="cfop-user-avatar" />
        <span className="cfop-user-name">{currentUser.name || currentUser.userName}</span>
      </button>
    </Dropdown>
  );
}
