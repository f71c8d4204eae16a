import UserOutlined from '@ant-design/icons/UserOutlined';
import { Avatar, Card, Descriptions, Tag } from 'antd';
import { AlertNotificationCard } from '../../notices/AlertNotificationCard';
import { toast } from '../../api';
import { dateTimeFormat, useLocale } from '../../i18n';
import { useSession } from '../../session';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SecondFactorCard } from './SecondFactorCard';
import { SessionsCard } from './SessionsCard';

const profileText = { zh: '个人信息', en: 'Profile' };
const usernameText = { zh: '用户名', en: 'User name' };
const nameText = { zh: '姓名', en: 'Name' };
const phoneText = { zh: '手机号', en: 'Mobile number' };
const rolesText = { zh: '角色', en: 'Roles' };
const lastSignInText = { zh: '上次登录', en: 'Last sign-in' };
const changePasswordText = { zh: '修改密码', en: 'Change password' };
const changedText = {
  zh: '密码已修改，所有会话均已结束，请使用新密码重新登录',
  en: 'Password changed. Every session has ended; sign in again with the new password',
};
const noValue = '—';

export default function PersonalPage() {
  const { currentUser, logout } = useSession();
  const { locale, t } = useLocale();
  if (!currentUser) return null;

  const lastSignIn = currentUser.lastLoginAt
    ? dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(
        new Date(currentUser.lastLoginAt),
      )
    : noValue;
  const roles =
    currentUser.roles.length > 0
      ? currentUser.roles.map((role) => (
          <Tag key={role.id} color="blue">
            {role.name}
          </Tag>
        ))
      : noValue;

  async function afterPasswordChange(): Promise<void> {
    toast('success', t(changedText), 6);
    // The server has already revoked this session too; logout forgets it here and opens sign-in.
    await logout();
  }

  return (
    <div className="cfop-stack">
      <Card variant="borderless" title={t(profileText)}>
        <div className="cfop-profile">
          <Avatar size={64} icon={<UserOutlined />} className="cfop-user-avatar" />
          <div className="cfop-profile-body">
            <div className="cfop-profile-name">{currentUser.name || currentUser.userName}</div>
            <Descriptions
              column={{ xs: 1, sm: 2, xl: 3 }}
              items={[
                { key: 'userName', label: t(usernameText), children: currentUser.userName },
                { key: 'name', label: t(nameText), children: currentUser.name || noValue },
                { key: 'phone', label: t(phoneText), children: currentUser.phone ?? noValue },
                { key: 'roles', label: t(rolesText), children: roles },
                { key: 'lastLoginAt', label: t(lastSignInText), children: lastSignIn },
              ]}
            />
          </div>
        </div>
      </Card>
      <AlertNotificationCard />
      <Card variant="borderless" title={t(changePasswordText)}>
        <ChangePasswordForm onChanged={() => void afterPasswordChange()} />
      </Card>
      <SecondFactorCard />
      <SessionsCard />
    </div>
  );
}
