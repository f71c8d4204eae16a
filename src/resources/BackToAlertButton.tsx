import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { Button } from 'antd';
import { useLocale } from '../i18n';
import { alertIdIn, alertReturnUrl, fromAlertParam } from '../session/alert-return';
import { isPlainClick } from '../session/plain-click';
import { useRouterNavigate, useScreenLocation } from '../session/screen-location';

// Its own text: the resources' texts module would add 2.4 KB to the playback screen for one label.
const backToAlert = { zh: '返回告警', en: 'Back to the alert' };

/**
 * 返回告警 on a screen opened from an alert (`?fromAlert=N`: live video, playback): the alert wall
 * with the filters it was left at and that alert's drawer open. Nothing on a screen opened otherwise.
 */
export function BackToAlertButton() {
  const { t } = useLocale();
  const navigate = useRouterNavigate();
  const { search } = useScreenLocation();
  const alertId = alertIdIn(search, fromAlertParam);
  if (alertId === null) return null;
  const link = alertReturnUrl(alertId);
  if (link === null) return null;
  return (
    <Button
      icon={<ArrowLeftOutlined />}
      href={link}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        // The wall's filters as left now, not when this screen opened.
        navigate(alertReturnUrl(alertId) ?? link);
      }}
    >
      {t(backToAlert)}
    </Button>
  );
}
