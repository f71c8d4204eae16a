import { Divider, Spin, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import type { ResourceDescriptor } from '../../../resources/descriptors';
import { useLocale } from '../../../i18n';
import { DetailFields } from '../../../resources/DetailFields';
import type { Entity } from '../../../resources/form-values';
import { ScreenDrawer } from '../../../resources/screen-overlays';
import { alertOptions, optionOf } from '../../../alerts-live/alert-options';
import { alertApi } from './alert-api';
import { useAlertJobs } from './alert-jobs';
import { alertTexts } from './alert-texts';
import { HandleForm, handlingFields } from './HandleForm';
import type { Alert } from '../../../alerts-live/live-alert-store';
import { LiveVideoButton, PlaybackButton } from './LiveVideoButton';
import { AlertMedia } from './SnapshotView';

const drawerWidth = 720;

// The clip's player (hls.js) loads with the first drawer opened, not with the alert wall.
const ClipPlayer = lazy(() => import('./ClipPlayer'));

/**
 * One alert in full: the large snapshot with its labelled boxes, its camera's clip around it, every
 * detail field, the ways to its camera's live video and recording, and, while it is pending, the form that confirms or dismisses it (for those who may). `alert` is
 * the wall's copy, kept current by the live stream (a colleague handling it shows here at once).
 */
export default function AlertDrawer(props: {
  descriptor: ResourceDescriptor;
  alert: Alert;
  open: boolean;
  onClose(): void;
  onHandled(alert: Alert): void;
}) {
  const { t } = useLocale();
  const { alert, descriptor } = props;
  const jobs = useAlertJobs();
  const level = optionOf(alertOptions.level, alert.level);
  return (
    <ScreenDrawer
      open={props.open}
      title={
        <span className="cfop-alert-drawer-title">
          {t(alertTexts.detailTitle)} · {alert.label}
          <Tag color={level?.color ?? 'default'}>{level ? t(level.label) : alert.level}</Tag>
        </span>
      }
      extra={
        <span className="cfop-alert-drawer-links">
          <PlaybackButton alertId={alert.id} cameraId={alert.cameraId} at={alert.occurredAt} />
          <LiveVideoButton alertId={alert.id} cameraId={alert.cameraId} />
        </span>
      }
      size={drawerWidth}
      onClose={props.onClose}
      destroyOnHidden
    >
      <div className="cfop-alert-drawer-snapshot">
        <AlertMedia alert={alert} labelled />
      </div>
      {alert.cameraId !== null && (
        <Suspense fallback={<Spin size="small" />}>
          <ClipPlayer
            alertId={alert.id}
            cameraName={alert.cameraName}
            occurredAt={alert.occurredAt}
            mayDownload={jobs.exportClip}
          />
        </Suspense>
      )}
      <DetailFields descriptor={descriptor} entity={alert as unknown as Entity} columns={2} />
      {alert.status === 'pending' && jobs.handle && (
        <>
          <Divider titlePlacement="start">{t(alertTexts.handleTitle)}</Divider>
          <HandleForm
            key={alert.id}
            name="alert-handling"
            submit={async (values) =>
              props.onHandled(await alertApi.handle(alert.id, values, { formFields: handlingFields }))
            }
          />
        </>
      )}
    </ScreenDrawer>
  );
}
