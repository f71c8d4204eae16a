import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import ArrowRightOutlined from '@ant-design/icons/ArrowRightOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import ZoomInOutlined from '@ant-design/icons/ZoomInOutlined';
import ZoomOutOutlined from '@ant-design/icons/ZoomOutOutlined';
import { Button } from 'antd';
import { useEffect, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { api, call } from '../../api';
import { useRead } from '../../api/use-read';
import { useLocale } from '../../i18n';
import { directionOfKey, ptzHold, type PtzDirection, type PtzHold } from './ptz-control';
import { ptzTexts } from './ptz-texts';
import './ptz-pad.css';

/**
 * The hold-to-move control of one camera, null while `cameraId` is: a new one for another camera.
 * The window losing focus (another app, a dialog) ends a hold as a release does; so does the
 * control going (its owner closed or left, or null given).
 */
export function usePtzHold(cameraId: number | null): PtzHold | null {
  const pad = useMemo(() => {
    if (cameraId === null) return null;
    const camera = { params: { path: { id: cameraId } } };
    return ptzHold({
      move: (body) => call(api.POST('/cameras/{id}/ptz/move', { ...camera, body })),
      stop: () => call(api.POST('/cameras/{id}/ptz/stop', camera)),
    });
  }, [cameraId]);
  useEffect(() => {
    if (!pad) return;
    const release = () => pad.release();
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('blur', release);
      release();
    };
  }, [pad]);
  return pad;
}

/** The camera's presets, read from the device; the drawer and the pane share the read. */
export function usePtzPresets(cameraId: number) {
  return useRead(['/cameras/{id}/ptz/presets', cameraId], () =>
    call(api.GET('/cameras/{id}/ptz/presets', { params: { path: { id: cameraId } } })),
  );
}

/** Sends the camera to a preset; a failure is the call's to report. */
export function goToPtzPreset(cameraId: number, presetToken: string): void {
  void call(
    api.POST('/cameras/{id}/ptz/presets/{presetToken}/go', {
      params: { path: { id: cameraId, presetToken } },
    }),
  ).catch(() => undefined);
}

/**
 * An arrow key, + or − held where the pad acts: its move held. True when the key was the pad's
 * (its default prevented), so that what holds the pad lets it go no further. Typing in a field
 * (a preset's name) is left alone.
 */
export function ptzKeyDown(pad: PtzHold, event: KeyboardEvent): boolean {
  const direction = directionOfKey(event.key);
  if (!direction || event.target instanceof HTMLInputElement) return false;
  event.preventDefault();
  pad.hold(direction);
  return true;
}

/** The key of a hold let go: its stop sent. True when the key was the pad's. */
export function ptzKeyUp(pad: PtzHold, event: KeyboardEvent): boolean {
  if (!directionOfKey(event.key) || event.target instanceof HTMLInputElement) return false;
  pad.release();
  return true;
}

/**
 * The PTZ pad of the camera screen's drawer and the video wall's pane: hold a direction or zoom
 * button (pointer down moves; up, cancel, leave and the button's blur stop), or an arrow key,
 * + or − while it has the focus (key up stops); home between them.
 */
export function PtzPad(props: { cameraId: number; pad: PtzHold; compact?: boolean }) {
  const { t } = useLocale();
  const { pad, cameraId } = props;
  const size = props.compact ? 'small' : 'large';

  const control = (direction: PtzDirection, icon: ReactNode) => (
    <Button
      aria-label={t(ptzTexts[direction])}
      title={t(ptzTexts[direction])}
      icon={icon}
      size={size}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        pad.hold(direction);
      }}
      onPointerUp={() => pad.release()}
      onPointerCancel={() => pad.release()}
      onPointerLeave={() => pad.release()}
      onBlur={() => pad.release()}
    />
  );

  return (
    <div
      className={props.compact ? 'ptz-pad ptz-pad-compact' : 'ptz-pad'}
      tabIndex={0}
      onKeyDown={(event) => ptzKeyDown(pad, event) && event.stopPropagation()}
      onKeyUp={(event) => ptzKeyUp(pad, event) && event.stopPropagation()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) pad.release();
      }}
    >
      <div className="ptz-pad-grid">
        <span />
        {control('up', <ArrowUpOutlined />)}
        <span />
        {control('left', <ArrowLeftOutlined />)}
        <Button
          aria-label={t(ptzTexts.home)}
          title={t(ptzTexts.home)}
          icon={<HomeOutlined />}
          size={size}
          onClick={() =>
            void call(api.POST('/cameras/{id}/ptz/home', { params: { path: { id: cameraId } } })).catch(
              () => undefined,
            )
          }
        />
        {control('right', <ArrowRightOutlined />)}
        {control('zoomOut', <ZoomOutOutlined />)}
        {control('down', <ArrowDownOutlined />)}
        {control('zoomIn', <ZoomInOutlined />)}
      </div>
    </div>
  );
}
