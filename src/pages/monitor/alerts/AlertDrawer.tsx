import { Divider, Tag } from 'antd';
import type { ResourceDescriptor } from '../../../resources/descriptors';
import { useLocale } from '../../../i18n';
import { DetailFields, type Entity } from '../../../resources';
import { ScreenDrawer } from '../../../resources/screen-overlays';
import { alertOptions, optionOf } from './alert-options';
import { alertApi } from './alert-api';
import { alertTexts } from './alert-texts';
import { HandleForm, handlingFields } from './HandleForm';
import type { Alert } from './live-alert-store';
import { LiveVideoButton } from './LiveVideoButton';
import { AlertMedia } from './SnapshotView';

const drawerWidth = 720;

/**
 * One alert in full: the large snapshot with its labelled boxes, every detail field, the way to its
 * camera's live video, and, while it is pending, the form that confirms or dismisses it. `alert` is
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
      extra={<LiveVideoButton cameraId={alert.cameraId} />}
      size={drawerWidth}
      onClose={props.onClose}
      destroyOnHidden
    >
      <div className="cfop-alert-drawer-snapshot">
        <AlertMedia alert={alert} labelled />
      </div>
      <DetailFields descriptor={descriptor} entity={alert as unknown as Entity} columns={2} />
      {alert.status === 'pending' && (
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
