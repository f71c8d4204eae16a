import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Button, Space, Table, Tag } from 'antd';
import { ConfirmPopover } from '../../resources/ConfirmPopover';
import { ScreenDrawer } from '../../resources/screen-overlays';
import { useState } from 'react';
import { api, call, toast } from '../../api';
import { useRead } from '../../api/use-read';
import { useLocale } from '../../i18n';
import { LoadFailure } from '../../resources/LoadFailure';
import { texts } from '../../resources/texts';
import { useConfirm } from '../../resources/use-confirm';
import { useGuardedForm } from '../../resources/use-unsaved-guard';
import { scheduledHours } from './schedule';
import { hoursText, taskTexts, tasksTitle } from './task-texts';
import { levelOptions } from '../shared/alert-tags';
import { TaskForm, type CameraTask } from './TaskForm';
import { useCameraFrame } from './use-camera-frame';
import './cameras.css';

const drawerWidth = 960;

type View = { readonly mode: 'list' } | { readonly mode: 'form'; readonly task: CameraTask | null };

function useCameraTasks(cameraId: number) {
  const read = useRead(['/cameras/{id}/tasks', cameraId], () =>
    call(api.GET('/cameras/{id}/tasks', { params: { path: { id: cameraId } } })),
  );
  return { tasks: read.data ?? [], loading: read.updating, failed: read.failed, reload: read.retry };
}

/**
 * A camera's analysis tasks: the list, and a form to add or edit one with its detection region
 * drawn over a frame grabbed from the camera and its weekly schedule. Loaded only when opened.
 */
export default function TaskDrawer(props: {
  camera: { readonly id: number; readonly name: string };
  open: boolean;
  onClose(): void;
  /** The camera's task count changed. */
  onChanged(): void;
}) {
  const { t } = useLocale();
  const { camera, open, onClose, onChanged } = props;
  const list = useCameraTasks(camera.id);
  const { frame, regrab } = useCameraFrame(camera.id);
  const [view, setView] = useState<View>({ mode: 'list' });
  const [confirm, confirmHolder] = useConfirm();
  const { dirty, setDirty, confirmDiscard, close } = useGuardedForm(open, confirm, onClose);

  async function leaveForm(then: () => void): Promise<void> {
    if (dirty && !(await confirmDiscard())) return;
    setDirty(false);
    then();
  }

  async function remove(task: CameraTask): Promise<void> {
    await call(
      api.DELETE('/cameras/{id}/tasks/{taskId}', { params: { path: { id: camera.id, taskId: task.id } } }),
    );
    toast('success', t(taskTexts.deleted));
    list.reload();
    onChanged();
  }

  const columns = [
    { key: 'name', dataIndex: 'name', title: t(taskTexts.name) },
    {
      key: 'model',
      title: t(taskTexts.model),
      // A task written before tasks named their model runs nothing until an operator picks one.
      render: (_: unknown, task: CameraTask) =>
        task.modelName ?? <Tag color="warning">{t(taskTexts.noModel)}</Tag>,
    },
    {
      key: 'alertLevel',
      title: t(taskTexts.alertLevel),
      render: (_: unknown, task: CameraTask) => (
        <Tag color={levelOptions[task.alertLevel].color}>{t(levelOptions[task.alertLevel].label)}</Tag>
      ),
    },
    { key: 'confidenceThreshold', dataIndex: 'confidenceThreshold', title: t(taskTexts.confidenceThreshold) },
    {
      key: 'schedule',
      title: t(taskTexts.schedule),
      render: (_: unknown, task: CameraTask) => t(hoursText(scheduledHours(task.schedule))),
    },
    {
      key: 'enabled',
      title: t(taskTexts.enabled),
      render: (_: unknown, task: CameraTask) =>
        task.enabled ? <Tag color="success">{t(taskTexts.on)}</Tag> : <Tag>{t(taskTexts.off)}</Tag>,
    },
    {
      key: 'actions',
      title: t(texts.actions),
      render: (_: unknown, task: CameraTask) => (
        <Space size="small">
          <Button type="link" size="small" onClick={() => setView({ mode: 'form', task })}>
            {t(texts.edit)}
          </Button>
          <ConfirmPopover
            title={t(taskTexts.deleteConfirm)}
            okText={t(texts.delete)}
            cancelText={t(texts.cancel)}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(task).catch(() => undefined)}
          >
            <Button type="link" size="small" danger>
              {t(texts.delete)}
            </Button>
          </ConfirmPopover>
        </Space>
      ),
    },
  ];

  const inForm = view.mode === 'form';
  return (
    <ScreenDrawer
      open={open}
      title={t(inForm ? (view.task ? taskTexts.editTask : taskTexts.newTask) : tasksTitle(camera.name))}
      size={drawerWidth}
      onClose={() => void leaveForm(close)}
      destroyOnHidden
      extra={
        inForm ? (
          <Button onClick={() => void leaveForm(() => setView({ mode: 'list' }))}>{t(taskTexts.back)}</Button>
        ) : (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setView({ mode: 'form', task: null })}
          >
            {t(taskTexts.newTask)}
          </Button>
        )
      }
    >
      {view.mode === 'form' ? (
        <TaskForm
          key={view.task?.id ?? 'new'}
          cameraId={camera.id}
          task={view.task}
          frame={frame}
          onRegrab={regrab}
          onDirtyChange={setDirty}
          onSaved={() => {
            setDirty(false);
            toast('success', t(taskTexts.saved));
            setView({ mode: 'list' });
            list.reload();
            onChanged();
          }}
          onCancel={() => void leaveForm(() => setView({ mode: 'list' }))}
        />
      ) : list.failed ? (
        <LoadFailure text={t(taskTexts.loadFailed)} onRetry={list.reload} />
      ) : (
        <Table<CameraTask>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.tasks}
          loading={list.loading}
          pagination={false}
          locale={{ emptyText: t(taskTexts.noTasks) }}
        />
      )}
      {confirmHolder}
    </ScreenDrawer>
  );
}
