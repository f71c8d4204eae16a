import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Select, Space, Spin, Switch, Tag } from 'antd';
import { useState } from 'react';
import { api, call, getFieldErrors, toast } from '../../../api';
import { useRead } from '../../../api/use-read';
import type { LocalText } from '../../../generated/settings';
import { useLocale } from '../../../i18n';
import type { LiveCameraGroup } from '../../../media/camera-tree';
import { tourIntervals, tourSeconds } from '../../../media/tour';
import type { WallState } from '../../../media/wall-state';
import { ScreenDrawer } from '../../../resources/screen-drawer';
import { dialogTexts as texts, groupChoiceText, ownerText, secondsText } from './wall-dialog-texts';
import { readVideoWalls, videoWallsKey, type VideoWall, type WallDialogKind } from './wall-dialog-data';

/**
 * The video wall's dialogs, in a drawer loaded when one is first opened (the wall's own code stays
 * light, and the drawer shares its code with the resource screens' drawers): 保存画面 (the wall as
 * shown, named, private or shared, maybe the default), 我的画面 (open, make default, delete) and
 * 开始轮巡 (a camera group and an interval).
 */
export default function WallDialog(props: {
  readonly kind: WallDialogKind;
  readonly open: boolean;
  readonly wall: WallState;
  readonly groups: readonly LiveCameraGroup[];
  onOpenWall(wall: VideoWall): void;
  onTour(groupId: number, seconds: number): void;
  onClose(): void;
}) {
  const { t } = useLocale();
  const title = { save: texts.save, list: texts.myWalls, tour: texts.startTour }[props.kind];
  return (
    <ScreenDrawer open={props.open} title={t(title)} onClose={props.onClose} destroyOnHidden size={420}>
      {props.kind === 'save' && <SaveForm wall={props.wall} onDone={props.onClose} />}
      {props.kind === 'list' && <WallList onOpenWall={props.onOpenWall} />}
      {props.kind === 'tour' && <TourForm groups={props.groups} onTour={props.onTour} />}
    </ScreenDrawer>
  );
}

interface SaveValues {
  readonly name: string;
  readonly shared: boolean;
  readonly isDefault: boolean;
}

function SaveForm(props: { wall: WallState; onDone(): void }) {
  const { t } = useLocale();
  const client = useQueryClient();
  const [form] = Form.useForm<SaveValues>();
  const [busy, setBusy] = useState(false);
  const { wall } = props;

  async function save(values: SaveValues) {
    setBusy(true);
    try {
      const body = { ...values, layout: wall.layout, cameras: wall.cameras.slice(0, wall.layout) };
      await call(api.POST('/video-walls', { body }), { formFields: ['name'] });
      await client.invalidateQueries({ queryKey: videoWallsKey });
      toast('success', t(texts.saved));
      props.onDone();
    } catch (error) {
      const fields = getFieldErrors(error);
      if (fields.name) form.setFields([{ name: 'name', errors: [fields.name] }]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<SaveValues>
      form={form}
      layout="vertical"
      initialValues={{ name: '', shared: false, isDefault: false }}
      onFinish={(values) => void save(values)}
    >
      <Form.Item
        name="name"
        label={t(texts.name)}
        rules={[{ required: true, whitespace: true, message: t(texts.nameRequired) }]}
      >
        <Input maxLength={64} autoFocus />
      </Form.Item>
      <Form.Item name="shared" label={t(texts.shared)} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="isDefault" label={t(texts.makeDefault)} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t(texts.save)}
      </Button>
    </Form>
  );
}

function WallList(props: { onOpenWall(wall: VideoWall): void }) {
  const { t } = useLocale();
  const client = useQueryClient();
  const read = useRead(videoWallsKey, readVideoWalls);
  // The wall whose 删除 was clicked once: a second click on 确定删除 deletes it.
  const [removing, setRemoving] = useState<number | null>(null);
  const walls = read.data?.items;
  const reread = () => client.invalidateQueries({ queryKey: videoWallsKey });

  async function change(pending: Promise<unknown>, done: LocalText) {
    try {
      await pending;
      await reread();
      toast('success', t(done));
    } catch {
      // call() has shown why.
    }
  }
  const path = (id: number) => ({ params: { path: { id } } });

  if (walls === undefined) return read.failed ? null : <Spin />;
  if (walls.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(texts.noWalls)} />;
  return (
    <ul className="cfop-wall-list">
      {walls.map((wall) => (
        <li key={wall.id} className="cfop-wall-item">
          <Space size={4} wrap>
            <span className="cfop-wall-name">{wall.name}</span>
            <Tag>{wall.layout}</Tag>
            {wall.isDefault && <Tag color="blue">{t(texts.isDefault)}</Tag>}
            {wall.shared && <Tag>{t(wall.mine ? texts.isShared : ownerText(wall.ownerName))}</Tag>}
          </Space>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => props.onOpenWall(wall)}>
              {t(texts.open)}
            </Button>
            {!wall.isDefault && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void change(call(api.PUT('/video-walls/{id}/default', path(wall.id))), texts.defaultSet)
                }
              >
                {t(texts.setDefault)}
              </Button>
            )}
            {wall.mine && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  removing === wall.id
                    ? void change(call(api.DELETE('/video-walls/{id}', path(wall.id))), texts.removed)
                    : setRemoving(wall.id)
                }
              >
                {t(removing === wall.id ? texts.removeConfirm : texts.remove)}
              </Button>
            )}
          </Space>
        </li>
      ))}
    </ul>
  );
}

interface TourValues {
  readonly groupId: number;
  readonly seconds: number;
}

function TourForm(props: {
  groups: readonly LiveCameraGroup[];
  onTour(groupId: number, seconds: number): void;
}) {
  const { t } = useLocale();
  const groups = props.groups.filter((group) => group.cameraIds.length > 0);
  if (groups.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(texts.noGroups)} />;
  return (
    <Form<TourValues>
      layout="vertical"
      initialValues={{ seconds: tourSeconds.preset }}
      onFinish={(values) => props.onTour(values.groupId, values.seconds)}
    >
      <Form.Item
        name="groupId"
        label={t(texts.group)}
        rules={[{ required: true, message: t(texts.groupRequired) }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={groups.map((group) => ({
            value: group.id,
            label: t(groupChoiceText(group.name, group.cameraIds.length)),
          }))}
        />
      </Form.Item>
      <Form.Item name="seconds" label={t(texts.every)}>
        <Select
          options={tourIntervals.map((seconds) => ({ value: seconds, label: t(secondsText(seconds)) }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t(texts.startTour)}
      </Button>
    </Form>
  );
}
