import { Button, Typography } from 'antd';
import { useLocale } from '../../../i18n';
import { goToPtzPreset, PtzPad, usePtzPresets } from '../../shared/PtzPad';
import type { PtzHold } from '../../shared/ptz-control';
import { ptzTexts } from '../../shared/ptz-texts';

/**
 * The pad over a pane: the hold-to-move controls and home, and the camera's presets to go to
 * (saving and removing them is the camera screen's drawer's). The hold is the pane's, so the
 * arrow keys steer while the pane has the focus too.
 */
export function PanePtz(props: { cameraId: number; pad: PtzHold }) {
  const { t } = useLocale();
  const presets = usePtzPresets(props.cameraId);
  return (
    <div
      className="cfop-pane-ptz"
      role="group"
      aria-label={t(ptzTexts.ptz)}
      onClick={(event) => event.stopPropagation()}
    >
      <PtzPad cameraId={props.cameraId} pad={props.pad} compact />
      <div className="cfop-pane-ptz-presets" role="group" aria-label={t(ptzTexts.presets)}>
        {presets.failed ? (
          <Button size="small" type="link" onClick={presets.retry}>
            {t(ptzTexts.retry)}
          </Button>
        ) : presets.data?.length === 0 ? (
          <Typography.Text className="cfop-pane-ptz-none">{t(ptzTexts.noPresets)}</Typography.Text>
        ) : (
          presets.data?.map((preset) => (
            <Button
              key={preset.token}
              size="small"
              type="text"
              title={t(ptzTexts.go)}
              onClick={() => goToPtzPreset(props.cameraId, preset.token)}
            >
              {preset.name || preset.token}
            </Button>
          ))
        )}
      </div>
    </div>
  );
}
