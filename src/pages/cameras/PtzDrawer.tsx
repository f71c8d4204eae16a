import { Alert, Button, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { api, call, toast } from '../../api';
import { useLocale } from '../../i18n';
import { ConfirmPopover } from '../../resources/ConfirmPopover';
import { ScreenDrawer } from '../../resources/screen-overlays';
import { goToPtzPreset, PtzPad, usePtzHold, usePtzPresets } from '../shared/PtzPad';
import { ptzTexts, ptzTitle } from '../shared/ptz-texts';
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
  // Closing the drawer ends a hold, as the pad going does.
  const pad = usePtzHold(props.open ? id : null);
  const presets = usePtzPresets(id);
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

  return (
    <ScreenDrawer
      open={props.open}
      title={t(ptzTitle(props.camera.name))}
      size={drawerWidth}
      onClose={props.onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t(ptzTexts.hint)}</Typography.Paragraph>
      {pad && <PtzPad cameraId={id} pad={pad} />}

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
                <Button key="go" type="link" size="small" onClick={() => goToPtzPreset(id, preset.token)}>
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
