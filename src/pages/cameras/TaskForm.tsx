import { Form, Input, InputNumber, Select, Slider, Space, Switch } from 'antd';
import { useState } from 'react';
import { api, call, getFieldErrors } from '../../api';
import type { components, paths } from '../../generated/openapi';
import { stringRules } from '../../generated/constraints';
import { useLocale } from '../../i18n';
import { FormButtons } from '../../resources/FormButtons';
import { ReferenceSelect, type ReferenceField } from '../../resources/ReferenceSelect';
import { fieldRules } from '../../resources/constraint-rules';
import { RegionEditor, type Frame } from './RegionEditor';
import { ScheduleGrid } from './ScheduleGrid';
import { schedulePresets } from './schedule';
import { taskTexts } from './task-texts';
import { levelOptions } from '../shared/alert-tags';

export type CameraTask = components['schemas']['CameraTask'];
type TaskInput = components['schemas']['CameraTaskInput'];
/** A task written before tasks named their model has none until it is edited. */
type TaskValues = Omit<Required<TaskInput>, 'modelId'> & { modelId: number | null };

const fieldNames = [
  'name',
  'modelId',
  'confidenceThreshold',
  'region',
  'schedule',
  'alertLevel',
  'enabled',
] as const;

const newTask: TaskValues = {
  name: '',
  modelId: null,
  confidenceThreshold: 0.5,
  region: [],
  schedule: schedulePresets.allWeek,
  alertLevel: 'medium',
  enabled: true,
};

/**
 * The task's model, picked through the camera's choices operation (`field=modelId`) under the
 * camera key: an operator needs no model key to choose one. Labelled as the task list shows it.
 */
const modelField: ReferenceField = {
  name: 'modelId',
  widget: 'reference',
  reference: { resource: 'model', label: 'modelName', choices: '/cameras/choices' satisfies keyof paths },
};

/** `region[1].x` → `region`: the server names the part of a field at fault; the form shows it on the field. */
const fieldOf = (path: string) => path.split(/[[.]/)[0] as string;

/** Creates or edits one analysis task of a camera; server field errors show on their fields. */
export function TaskForm(props: {
  cameraId: number;
  task: CameraTask | null;
  frame: Frame;
  onRegrab(): void;
  onDirtyChange(dirty: boolean): void;
  onSaved(): void;
  onCancel(): void;
}) {
  const { t } = useLocale();
  const [form] = Form.useForm<TaskValues>();
  const [saving, setSaving] = useState(false);
  const { cameraId, task } = props;
  const [initial] = useState<TaskValues>(() =>
    task ? (Object.fromEntries(fieldNames.map((name) => [name, task[name]])) as TaskValues) : newTask,
  );

  async function save(values: TaskValues): Promise<void> {
    setSaving(true);
    // The form's rule has made sure a model is chosen.
    const body = { ...values, name: values.name.trim(), modelId: values.modelId as number };
    // The form shows the server's messages about its own fields; only others are toasted.
    const told = { formFields: fieldNames };
    try {
      if (task) {
        await call(
          api.PUT('/cameras/{id}/tasks/{taskId}', {
            params: { path: { id: cameraId, taskId: task.id } },
            body,
          }),
          told,
        );
      } else {
        await call(api.POST('/cameras/{id}/tasks', { params: { path: { id: cameraId } }, body }), told);
      }
      props.onSaved();
    } catch (error) {
      const errors = new Map<string, string[]>();
      for (const [path, message] of Object.entries(getFieldErrors(error))) {
        errors.set(fieldOf(path), [...(errors.get(fieldOf(path)) ?? []), message]);
      }
      form.setFields(
        [...errors].map(([name, messages]) => ({ name: name as keyof TaskValues, errors: messages })),
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<TaskValues>
      form={form}
      name="camera-task-form"
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void save(values)}
      onValuesChange={() =>
        props.onDirtyChange(JSON.stringify(form.getFieldsValue(true)) !== JSON.stringify(initial))
      }
      className="cfop-task-form"
    >
      <div className="cfop-task-form-row">
        <Form.Item
          name="name"
          label={t(taskTexts.name)}
          required
          rules={fieldRules(stringRules.TaskName, taskTexts.name, t)}
          className="cfop-task-name"
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="modelId"
          label={t(taskTexts.model)}
          required
          rules={[{ required: true, message: t(taskTexts.modelRequired) }]}
          className="cfop-task-model-item"
        >
          <ReferenceSelect
            field={modelField}
            entity={task ?? undefined}
            allowClear={false}
            placeholder={t(taskTexts.modelPlaceholder)}
          />
        </Form.Item>
        <Form.Item name="alertLevel" label={t(taskTexts.alertLevel)} required>
          <Select
            className="cfop-task-level"
            options={Object.entries(levelOptions).map(([value, level]) => ({ value, label: t(level.label) }))}
          />
        </Form.Item>
        <Form.Item label={t(taskTexts.confidenceThreshold)} required className="cfop-task-threshold">
          <Space.Compact block>
            <Form.Item name="confidenceThreshold" noStyle>
              <Slider min={0} max={1} step={0.05} className="cfop-task-slider" />
            </Form.Item>
            <Form.Item name="confidenceThreshold" noStyle>
              <InputNumber min={0} max={1} step={0.05} aria-label={t(taskTexts.confidenceThreshold)} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="enabled" label={t(taskTexts.enabled)} valuePropName="checked">
          <Switch />
        </Form.Item>
      </div>
      <Form.Item
        name="region"
        label={t(taskTexts.region)}
        required
        rules={[
          {
            validator: async (_, value: unknown[]) =>
              value.length > 0 ? undefined : Promise.reject(new Error(t(taskTexts.regionRequired))),
          },
        ]}
      >
        <RegionEditor frame={props.frame} onRegrab={props.onRegrab} />
      </Form.Item>
      <Form.Item name="schedule" label={t(taskTexts.schedule)} required>
        <ScheduleGrid />
      </Form.Item>
      <FormButtons saving={saving} onCancel={props.onCancel} />
    </Form>
  );
}
