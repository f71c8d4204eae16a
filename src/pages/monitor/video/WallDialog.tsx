import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Form, Input, InputNumber, List, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { api, call, getFieldErrors, toast } from '../../../api';
import { useRead } from '../../../api/use-read';
import { useLocale } from '../../../i18n';
import type { LiveCameraGroup } from '../../../media/camera-tree';
import { tourSeconds } from '../../../media/tour';
import type { WallState } from '../../../media/wall-state';
import { ConfirmPopover } from '../../../resources/ConfirmPopover';
import { ScreenModal } from '../../../resources/screen-overlays';
import { groupChoiceText, ownerText, wallTexts as texts } from './video-texts';
import { readVideoWalls, videoWallsKey, type VideoWall, type WallDialogKind } from './wall-dialog-data';

/**
 * The video wall's dialogs, loaded when one is first opened (the wall's own code stays light):
 * 保存画面 (the wall as shown, named, private or shared, maybe the default), 我的画面 (open, make
 * default, delete) and 开始轮巡 (a camera group and an interval).
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
    <ScreenModal open={props.open} title={t(title)} footer={null} onCancel={props.onClose} destroyOnHidden>
      {props.kind === 'save' && <SaveForm wall={props.wall} onDone={props.onClose} />}
      {props.kind === 'list' && <WallList onOpenWall={props.onOpenWall} />}
      {props.kind === 'tour' && <TourForm groups={props.groups} onTour={props.onTour} />}
    </ScreenModal>
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
      <Form.Item name="shared" valuePropName="checked">
        <Checkbox>{t(texts.shared)}</Checkbox>
      </Form.Item>
      <Form.Item name="isDefault" valuePropName="checked">
        <Checkbox>{t(texts.makeDefault)}</Checkbox>
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
  const walls = read.data?.items;
  const reread = () => client.invalidateQueries({ queryKey: videoWallsKey });

  async function makeDefault(id: number) {
    try {
      await call(api.PUT('/video-walls/{id}/default', { params: { path: { id } } }));
      await reread();
      toast('success', t(texts.defaultSet));
    } catch {
      // call() has shown why.
    }
  }
  async function remove(id: number) {
    try {
      await call(api.DELETE('/video-walls/{id}', { params: { path: { id } } }));
      await reread();
      toast('success', t(texts.removed));
    } catch {
      // call() has shown why.
    }
  }

  return (
    <List<VideoWall>
      className="cfop-wall-list"
      loading={walls === undefined && !read.failed}
      dataSource={walls ? [...walls] : []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(texts.noWalls)} /> }}
      renderItem={(wall) => (
        <List.Item
          actions={[
            <Button key="open" type="link" size="small" onClick={() => props.onOpenWall(wall)}>
              {t(texts.open)}
            </Button>,
            ...(wall.isDefault
              ? []
              : [
                  <Button key="default" type="link" size="small" onClick={() => void makeDefault(wall.id)}>
                    {t(texts.setDefault)}
                  </Button>,
                ]),
            ...(wall.mine
              ? [
                  <ConfirmPopover
                    key="remove"
                    title={t(texts.removeConfirm)}
                    onConfirm={() => remove(wall.id)}
                  >
                    <Button type="link" size="small" danger>
                      {t(texts.remove)}
                    </Button>
                  </ConfirmPopover>,
                ]
              : []),
          ]}
        >
          <Space size={4} wrap>
            <span className="cfop-wall-name">{wall.name}</span>
            <Tag>{wall.layout}</Tag>
            {wall.isDefault && <Tag color="blue">{t(texts.isDefault)}</Tag>}
            {wall.shared && <Tag>{t(wall.mine ? texts.isShared : ownerText(wall.ownerName))}</Tag>}
          </Space>
        </List.Item>
      )}
    />
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
      <Form.Item name="seconds" label={t(texts.every)} rules={[{ required: true }]}>
        <InputNumber min={tourSeconds.min} max={tourSeconds.max} precision={0} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t(texts.startTour)}
      </Button>
    </Form>
  );
}
