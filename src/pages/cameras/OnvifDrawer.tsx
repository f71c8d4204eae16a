import { Alert, Button, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { api, call, getFieldErrors, toast } from '../../api';
import { useRead } from '../../api/use-read';
import { useLocale } from '../../i18n';
import { ScreenDrawer } from '../../resources/screen-overlays';
import { addedText, foundText, onvifTexts } from './onvif-texts';
import './cameras.css';
import {
  importRows,
  messagesByDevice,
  profilesText,
  cameraName,
  type FoundDevice,
  type SharedEntry,
} from './onvif-import';

const drawerWidth = 880;

/** What reading one ticked device gave: its vendor, model and profiles, or the reason it failed. */
type ReadOutcome = { readonly text: string; readonly failed: boolean };

/**
 * Finds ONVIF devices on a network the server is on, reads the ticked ones with credentials
 * entered once, and adds them as cameras in one call (all or none; the server says why per row).
 */
export default function OnvifDrawer(props: { open: boolean; onClose(): void; onAdded(): void }) {
  const { t } = useLocale();
  const interfaces = useRead(['/cameras/onvif/interfaces'], () => call(api.GET('/cameras/onvif/interfaces')));
  const [interfaceAddress, setInterfaceAddress] = useState<string | undefined>(undefined);
  const [seconds, setSeconds] = useState(3);
  const [found, setFound] = useState<FoundDevice[] | null>(null);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [entry, setEntry] = useState<SharedEntry>({ username: '', password: '', area: '' });
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, ReadOutcome>>(new Map());
  const [busy, setBusy] = useState<'discover' | 'read' | 'add' | null>(null);

  async function discover(): Promise<void> {
    setBusy('discover');
    try {
      const body = { seconds, ...(interfaceAddress !== undefined && { interfaceAddress }) };
      const devices = await call(api.POST('/cameras/onvif/discovery', { body }));
      setFound(devices);
      setTicked(new Set());
      setOutcomes(new Map());
      toast('success', t(foundText(devices.length)));
    } finally {
      setBusy(null);
    }
  }

  async function readTicked(): Promise<void> {
    setBusy('read');
    const next = new Map<string, ReadOutcome>();
    try {
      for (const device of (found ?? []).filter((each) => ticked.has(each.address))) {
        const body = { xaddr: device.xaddr, username: entry.username, password: entry.password };
        try {
          const read = await call(api.POST('/cameras/onvif/device', { body }), { skipErrorHandler: true });
          next.set(device.address, {
            text: `${read.manufacturer} ${read.model} · ${profilesText(read)}`,
            failed: false,
          });
        } catch (error) {
          next.set(device.address, { text: (error as Error).message, failed: true });
        }
        setOutcomes(new Map(next));
      }
    } finally {
      setBusy(null);
    }
  }

  async function add(): Promise<void> {
    const rows = importRows(found ?? [], ticked, entry);
    if (rows.length === 0) return;
    setBusy('add');
    try {
      const added = await call(api.POST('/cameras/onvif/import', { body: { devices: rows } }));
      toast('success', t(addedText(added.length)));
      props.onAdded();
      props.onClose();
    } catch (error) {
      const refused = messagesByDevice(getFieldErrors(error), rows, found ?? []);
      setOutcomes(
        new Map([...refused].map(([address, texts]) => [address, { text: texts.join('；'), failed: true }])),
      );
    } finally {
      setBusy(null);
    }
  }

  const columns = [
    {
      key: 'name',
      title: t(onvifTexts.name),
      render: (_: unknown, device: FoundDevice) => cameraName(device),
    },
    { key: 'xaddr', title: t(onvifTexts.address), dataIndex: 'xaddr' },
    { key: 'hardware', title: t(onvifTexts.hardware), dataIndex: 'hardware' },
    {
      key: 'read',
      title: t(onvifTexts.readResult),
      render: (_: unknown, device: FoundDevice) => {
        const outcome = outcomes.get(device.address);
        return outcome ? (
          <Typography.Text type={outcome.failed ? 'danger' : undefined}>{outcome.text}</Typography.Text>
        ) : null;
      },
    },
  ];

  return (
    <ScreenDrawer
      open={props.open}
      title={t(onvifTexts.title)}
      size={drawerWidth}
      onClose={props.onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" size="middle" className="cfop-onvif">
        <Space wrap>
          <Select
            className="cfop-onvif-interface"
            aria-label={t(onvifTexts.networkInterface)}
            value={interfaceAddress ?? ''}
            onChange={(value) => setInterfaceAddress(value === '' ? undefined : value)}
            options={[
              { value: '', label: t(onvifTexts.anyInterface) },
              ...(interfaces.data ?? []).map((each) => ({
                value: each.address,
                label: `${each.name} ${each.address}`,
              })),
            ]}
          />
          <InputNumber
            aria-label={t(onvifTexts.seconds)}
            prefix={t(onvifTexts.seconds)}
            min={1}
            max={10}
            value={seconds}
            onChange={(value) => setSeconds(value ?? 3)}
          />
          <Button
            type="primary"
            loading={busy === 'discover'}
            onClick={() => void discover().catch(() => undefined)}
          >
            {t(onvifTexts.search)}
          </Button>
        </Space>
        <Table<FoundDevice>
          rowKey="address"
          size="middle"
          columns={columns}
          dataSource={found ?? []}
          pagination={false}
          locale={{ emptyText: found === null ? ' ' : t(onvifTexts.noDevices) }}
          rowSelection={{
            selectedRowKeys: [...ticked],
            onChange: (keys) => setTicked(new Set(keys.map(String))),
          }}
        />
        <Alert type="info" showIcon title={t(onvifTexts.credentialsHint)} />
        {/* Not a Form of named fields: each label is tied to its input by id, for screen readers. */}
        <Form layout="inline">
          <Form.Item label={t(onvifTexts.username)} htmlFor="cfop-onvif-username">
            <Input
              id="cfop-onvif-username"
              autoComplete="off"
              value={entry.username}
              onChange={(event) => setEntry({ ...entry, username: event.target.value })}
            />
          </Form.Item>
          <Form.Item label={t(onvifTexts.password)} htmlFor="cfop-onvif-password">
            <Input.Password
              id="cfop-onvif-password"
              autoComplete="new-password"
              value={entry.password}
              onChange={(event) => setEntry({ ...entry, password: event.target.value })}
            />
          </Form.Item>
          <Form.Item label={t(onvifTexts.area)} htmlFor="cfop-onvif-area">
            <Input
              id="cfop-onvif-area"
              value={entry.area}
              maxLength={64}
              onChange={(event) => setEntry({ ...entry, area: event.target.value })}
            />
          </Form.Item>
        </Form>
        <Space>
          <Button disabled={ticked.size === 0} loading={busy === 'read'} onClick={() => void readTicked()}>
            {t(onvifTexts.read)}
          </Button>
          <Button
            type="primary"
            disabled={ticked.size === 0}
            loading={busy === 'add'}
            onClick={() => void add()}
          >
            {t(onvifTexts.add)}
          </Button>
        </Space>
      </Space>
    </ScreenDrawer>
  );
}
