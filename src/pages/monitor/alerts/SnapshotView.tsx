import CloudServerOutlined from '@ant-design/icons/CloudServerOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import { useLocale } from '../../../i18n';
import { alertTexts } from './alert-texts';
import type { Alert } from '../../../alerts-live/live-alert-store';
import { useSnapshot, wallSnapshotDelayMs } from './use-snapshot';
import { systemAlertTexts } from '../../../alerts-live/system-alert';

/** In place of a snapshot, what a system alert concerns: a camera, an AI server, a gate. */
function SystemAlertMedia({ alert, source }: { alert: Alert; source: 'device' | 'access' }) {
  const { t } = useLocale();
  const icon =
    source === 'access' ? (
      <SafetyCertificateOutlined />
    ) : alert.cameraId !== null ? (
      <VideoCameraOutlined />
    ) : (
      <CloudServerOutlined />
    );
  return (
    <div className="cfop-alert-snapshot">
      <div className="cfop-alert-snapshot-missing">
        {icon}
        <span>{t(systemAlertTexts[source])}</span>
      </div>
    </div>
  );
}

/**
 * An alert's snapshot with its boxes, or what a system alert concerns (it has neither). `onWall`:
 * the snapshot is fetched once the card stayed a moment (wallSnapshotDelayMs).
 */
export function AlertMedia(props: { alert: Alert; labelled?: boolean; onWall?: boolean }) {
  const { alert, labelled = false, onWall = false } = props;
  return alert.source === 'ai' ? (
    <SnapshotView alert={alert} labelled={labelled} delayMs={onWall ? wallSnapshotDelayMs : 0} />
  ) : (
    <SystemAlertMedia alert={alert} source={alert.source} />
  );
}

/**
 * An alert's snapshot with its detection boxes drawn over it. The image fills the frame exactly
 * (boxes are fractions of the frame, so they stay on what was detected); `labelled` writes each
 * box's label and confidence on it.
 */
export function SnapshotView(props: { alert: Alert; labelled?: boolean; delayMs?: number }) {
  const { alert, labelled = false, delayMs = 0 } = props;
  const { t } = useLocale();
  const snapshot = useSnapshot(alert.snapshotId, delayMs);
  return (
    <div className="cfop-alert-snapshot">
      {typeof snapshot === 'object' ? (
        <img src={snapshot.url} alt={alert.label} draggable={false} />
      ) : (
        <div className="cfop-alert-snapshot-missing">
          {snapshot === 'waiting' ? null : snapshot === 'loading' ? (
            // antd's small Spin drawn by one element: each of its five animated elements was a layer
            // and an event per iteration, on every card of the wall whose picture was on its way.
            <div className="cfop-alert-snapshot-spin" aria-live="polite" aria-busy="true" />
          ) : (
            <>
              <PictureOutlined />
              <span>{t(snapshot === 'none' ? alertTexts.noSnapshot : alertTexts.snapshotFailed)}</span>
            </>
          )}
        </div>
      )}
      {alert.boxes.map((box, index) => (
        <div
          key={index}
          className={`cfop-alert-box cfop-alert-box-${alert.level}`}
          style={{
            left: `${box.x * 100}%`,
            top: `${box.y * 100}%`,
            width: `${box.width * 100}%`,
            height: `${box.height * 100}%`,
          }}
        >
          {labelled && (
            <span className="cfop-alert-box-label">
              {box.label ?? alert.label}
              {box.confidence === undefined ? '' : ` ${Math.round(box.confidence * 100)}%`}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
