import BellOutlined from '@ant-design/icons/BellOutlined';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { useLocale } from '../i18n';
import { useSession } from '../session';
import { notificationTexts as texts } from './notification-texts';
import { saveAlertNotifications } from './save-alert-notifications';

/**
 * The one-time offer of desktop alert notifications (otherwise found only in 个人中心). 开启 turns
 * them on as the personal centre's switch does; either answer calls `onAnswer`, which remembers it.
 * A failed save leaves the offer up (the api layer told why), to be tried again.
 */
export function DesktopNotificationOffer(props: { onAnswer(): void }) {
  const { updateCurrentUser } = useSession();
  const { t } = useLocale();
  const [saving, setSaving] = useState(false);

  const accept = () => {
    setSaving(true);
    // Not awaited before the call: the permission is asked from the click itself.
    const saved = saveAlertNotifications(true, { updateCurrentUser, t });
    void saved.then(props.onAnswer, () => setSaving(false));
  };

  return (
    <Alert
      type="info"
      className="cfop-desktop-offer"
      icon={<BellOutlined />}
      showIcon
      title={t(texts.offerTitle)}
      description={t(texts.offerHint)}
      action={
        <Space wrap>
          <Button type="primary" size="small" loading={saving} onClick={accept}>
            {t(texts.offerAccept)}
          </Button>
          <Button size="small" disabled={saving} onClick={props.onAnswer}>
            {t(texts.offerLater)}
          </Button>
        </Space>
      }
    />
  );
}
