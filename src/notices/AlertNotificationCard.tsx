import { Alert, Button, Card, Switch } from 'antd';
import { useState } from 'react';
import { useLocale } from '../i18n';
import { useSession } from '../session';
import { askDesktopPermission, desktopPermission, type DesktopPermission } from './desktop-permission';
import { notificationTexts as texts } from './notification-texts';
import { saveAlertNotifications } from './save-alert-notifications';
import { alertResource } from '../alerts-live/alert-options';

/** Why notifications will not show although the switch is on, and what to do; null when they will. */
function PermissionNote(props: { permission: DesktopPermission; onAsk(): void }) {
  const { t } = useLocale();
  if (props.permission === 'granted') return null;
  if (props.permission === 'default') {
    return (
      <Alert
        type="info"
        showIcon
        title={t(texts.notAsked)}
        action={
          <Button size="small" onClick={props.onAsk}>
            {t(texts.allow)}
          </Button>
        }
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={t(props.permission === 'denied' ? texts.denied : texts.unsupported)}
    />
  );
}

/**
 * The card of the user's own switch for desktop alert notifications, remembered with their account; only for
 * holders of the alert key (no one else gets alerts). Turning it on asks the browser's permission
 * from that click, and says so when the browser refuses.
 */
export function AlertNotificationCard() {
  const { currentUser, access, updateCurrentUser } = useSession();
  const { t } = useLocale();
  const [saving, setSaving] = useState(false);
  const [permission, setPermission] = useState(desktopPermission);
  if (!currentUser || !access[alertResource.access]) return null;
  const on = currentUser.alertNotifications;

  const ask = () => void askDesktopPermission().then(setPermission);

  const change = (enabled: boolean) => {
    setSaving(true);
    // Not awaited before the call: the permission is asked from the click itself.
    const saved = saveAlertNotifications(enabled, { updateCurrentUser, t });
    void (async () => {
      try {
        setPermission(await saved);
      } catch {
        // Told by the api layer; the switch stays as it was.
      } finally {
        setSaving(false);
      }
    })();
  };

  return (
    <Card variant="borderless" title={t(texts.switchTitle)}>
      <div className="cfop-stack">
        <label className="cfop-alert-notifications-switch">
          <Switch checked={on} loading={saving} onChange={change} aria-label={t(texts.switchTitle)} />
          <span>{t(texts.switchHint)}</span>
        </label>
        {on && <PermissionNote permission={permission} onAsk={ask} />}
      </div>
    </Card>
  );
}
