import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  HomeOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Alert, Button, Input, List, Space, Typography } from 'antd';
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { api, call, toast } from '../../api';
import { useRead } from '../../api/use-read';
import { useLocale } from '../../i18n';
import { ConfirmPopover } from '../../resources/ConfirmPopover';
import { ScreenDrawer } from '../../resources/screen-overlays';
import { directionOfKey, ptzHold, type PtzDirection } from './ptz-control';
import { ptzTexts, ptzTitle } from './ptz-texts';
import './cameras.css';

const drawerWidth = 420;

/**
 * Steers one camera through its ONVIF PTZ service: hold a button or an arrow key (+/− zoom) to
 * move, release to stop; its presets listed, gone to, saved and removed; home.
 */
export default function PtzDrawer(props: {
  camera: { readonly id: number; readonly name: string };
  open: boolean;
  onClose(): void;
}) {
  const { t } = useLocale();
  const { id } = props.camera;
  const path = { params: { path: { id } } };
  // The control is the camera's: a new one for another camera.
  const pad = useMemo(() => {
    const camera = { params: { path: { id } } };
    return ptzHold({
      move: (body) => call(api.POST('/cameras/{id}/ptz/move', { ...camera, body })),
      stop: () => call(api.POST('/cameras/{id}/ptz/stop', camera)),
    });
  }, [id]);
  // The window losing focus (another app, a dialog) ends a hold as a release does; so does leaving.
  useEffect(() => {
    const release = () => pad.release();
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('blur', release);
      release();
    };
  }, [pad]);

  const presets = useRead(['/cameras/{id}/ptz/presets', id], () =>
    call(api.GET('/cameras/{id}/ptz/presets', path)),
  );
  const [name, setName] = useState('');

  async function save(): Promise<void> {
    await call(api.POST('/cameras/{id}/ptz/presets', { ...path, body: { name: name.trim() } }));
    toast('success', t(ptzTexts.saved));
    setName('');
    presets.retry();
  }

  async function remove(presetToken: string): Promise<void> {
    await call(
      api.DELETE('/cameras/{id}/ptz/presets/{presetToken}', { params: { path: { id, presetToken } } }),
    );
    presets.retry();
  }

  const goTo = (presetToken: string) =>
    call(api.POST('/cameras/{id}/ptz/presets/{presetToken}/go', { params: { path: { id, presetToken } } }));

  const onKeyDown = (event: KeyboardEvent) => {
    const direction = directionOfKey(event.key);
    if (!direction || event.target instanceof HTMLInputElement) return;
    event.preventDefault();
    pad.hold(direction);
  };

  const control = (direction: PtzDirection, icon: ReactNode) => (
    <Button
      aria-label={t(ptzTexts[direction])}
      title={t(ptzTexts[direction])}
      icon={icon}
      size="large"
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
    <ScreenDrawer
      open={props.open}
      title={t(ptzTitle(props.camera.name))}
      size={drawerWidth}
      onClose={props.onClose}
      destroyOnHidden
    >
      <div
        className="ptz-pad"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => directionOfKey(event.key) && pad.release()}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) pad.release();
        }}
      >
        <Typography.Paragraph type="secondary">{t(ptzTexts.hint)}</Typography.Paragraph>
        <div className="ptz-pad-grid">
          <span />
          {control('up', <ArrowUpOutlined />)}
          <span />
          {control('left', <ArrowLeftOutlined />)}
          <Button
            aria-label={t(ptzTexts.home)}
            title={t(ptzTexts.home)}
            icon={<HomeOutlined />}
            size="large"
            onClick={() => void call(api.POST('/cameras/{id}/ptz/home', path)).catch(() => undefined)}
          />
          {control('right', <ArrowRightOutlined />)}
          {control('zoomOut', <ZoomOutOutlined />)}
          {control('down', <ArrowDownOutlined />)}
          {control('zoomIn', <ZoomInOutlined />)}
        </div>
      </div>

      <Typography.Title level={5}>{t(ptzTexts.presets)}</Typography.Title>
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input
          placeholder={t(ptzTexts.presetName)}
          maxLength={64}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button disabled={name.trim() === ''} onClick={() => void save().catch(() => undefined)}>
          {t(ptzTexts.save)}
        </Button>
      </Space.Compact>
      {presets.failed ? (
        <Alert
          type="warning"
          message={t(ptzTexts.loadFailed)}
          action={<Button onClick={presets.retry}>{t(ptzTexts.retry)}</Button>}
        />
      ) : (
        <List
          size="small"
          loading={presets.updating && presets.data === undefined}
          dataSource={presets.data ?? []}
          locale={{ emptyText: t(ptzTexts.noPresets) }}
          renderItem={(preset) => (
            <List.Item
              actions={[
                <Button
                  key="go"
                  type="link"
                  size="small"
                  onClick={() => void goTo(preset.token).catch(() => undefined)}
                >
                  {t(ptzTexts.go)}
                </Button>,
                <ConfirmPopover
                  key="remove"
                  title={t(ptzTexts.removeConfirm)}
                  okText={t(ptzTexts.remove)}
                  cancelText={t(ptzTexts.cancel)}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(preset.token).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger>
                    {t(ptzTexts.remove)}
                  </Button>
                </ConfirmPopover>,
              ]}
            >
              {preset.name || preset.token}
            </List.Item>
          )}
        />
      )}
    </ScreenDrawer>
  );
}
