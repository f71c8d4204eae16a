import { Tag } from 'antd';
import { dateTimeFormat, useLocale } from '../../../i18n';
import { useSession } from '../../../session';
import { useRouterNavigate } from '../../../session/screen-location';
import { isPlainClick } from '../../../session/plain-click';
import { alertOptions, alertResource, optionOf } from '../../../alerts-live/alert-options';
import { useCameraAlert } from '../../../alerts-live/live-alert-store';
import { videoTexts as texts } from './video-texts';

/**
 * The camera's newest live alert while it awaits handling, over its video: how serious, what, when,
 * and a ring round the pane that flashes for each new one. Gone once someone handles it; a click
 * opens the alert wall on that camera's pending alerts. Only for operators who may see alerts.
 */
export function PaneAlert(props: { cameraId: number }) {
  const { access } = useSession();
  if (!access[alertResource.access]) return null;
  return <PendingAlert cameraId={props.cameraId} />;
}

function PendingAlert({ cameraId }: { cameraId: number }) {
  const alert = useCameraAlert(cameraId);
  const { t, locale } = useLocale();
  const navigate = useRouterNavigate();
  if (alert?.status !== 'pending') return null;
  const level = optionOf(alertOptions.level, alert.level);
  const time = dateTimeFormat(locale, { timeStyle: 'medium', hour12: false }).format(
    new Date(alert.occurredAt),
  );
  const alertsOfCamera = `${alertResource.route}?${new URLSearchParams({ cameraId: String(cameraId), status: 'pending' })}`;
  return (
    <>
      {/* Keyed by the alert, so each new one starts the flash again. */}
      <div key={alert.id} className={`cfop-pane-alarm cfop-pane-alarm-${alert.level}`} />
      {/* A link (open in a new tab works) that the router follows without subscribing to the URL. */}
      <a
        href={alertsOfCamera}
        className="cfop-pane-alert"
        data-alert-id={alert.id}
        title={t(texts.openAlerts)}
        onClick={(event) => {
          event.stopPropagation();
          if (!isPlainClick(event)) return;
          event.preventDefault();
          navigate(alertsOfCamera);
        }}
      >
        <Tag color={level?.color ?? 'default'} variant="solid">
          {level ? t(level.label) : alert.level}
        </Tag>
        <span className="cfop-pane-alert-label">{alert.label}</span>
        <time dateTime={alert.occurredAt}>{time}</time>
      </a>
    </>
  );
}
