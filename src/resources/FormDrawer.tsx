import { Form } from 'antd';
import { ScreenDrawer } from './screen-overlays';
import { useMemo, useState } from 'react';
import type { ResourceDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import type { FieldInputs } from './FieldInput';
import { FormButtons } from './FormButtons';
import { FormFields, showServerErrors } from './FormFields';
import {
  formFields,
  hasUnsavedChanges,
  initialFormValues,
  requestBody,
  type Entity,
  type FormValues,
} from './form-values';
import { LoadFailure } from './LoadFailure';
import { resourceApi } from './resource-api';
import { useResourceItem } from './resource-queries';
import { createTitle, editTitle, texts } from './texts';
import type { ConfirmOptions } from './use-confirm';
import { useGuardedForm } from './use-unsaved-guard';

export type FormTarget = { readonly mode: 'create' } | { readonly mode: 'edit'; readonly id: number };

const drawerWidth = 520;

function ResourceForm(props: {
  descriptor: ResourceDescriptor;
  target: FormTarget;
  entity: Entity | undefined;
  inputs: FieldInputs | undefined;
  onDirtyChange(dirty: boolean): void;
  onSaved(answer: unknown): void;
  onCancel(): void;
}) {
  const { t } = useLocale();
  const [form] = Form.useForm<FormValues>();
  const fields = useMemo(
    () => formFields(props.descriptor, props.target.mode),
    [props.descriptor, props.target.mode],
  );
  const [initial] = useState(() => initialFormValues(fields, props.entity));
  const [saving, setSaving] = useState(false);
  const { descriptor, target, onDirtyChange, onSaved } = props;

  async function save(values: FormValues): Promise<void> {
    setSaving(true);
    try {
      const body = requestBody(fields, values);
      const names = fields.map((field) => field.name);
      const answer =
        target.mode === 'create'
          ? await resourceApi.create(descriptor, body, names)
          : await resourceApi.update(descriptor, target.id, body, names);
      onSaved(answer);
    } catch (error) {
      // Field messages go under their fields (and no toast repeats them); anything else was toasted.
      showServerErrors(form, fields, error, t);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form
      form={form}
      name={`${descriptor.name}-form`}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void save(values)}
      onValuesChange={() => onDirtyChange(hasUnsavedChanges(fields, initial, form.getFieldsValue(true)))}
      scrollToFirstError
      className="cfop-resource-form"
    >
      <FormFields fields={fields} inputs={props.inputs} entity={props.entity} />
      <FormButtons saving={saving} onCancel={props.onCancel} />
    </Form>
  );
}

/**
 * Create / edit in a drawer. Closing it or leaving the route with unsaved changes asks first;
 * server field errors show on their fields.
 */
export function FormDrawer(props: {
  descriptor: ResourceDescriptor;
  target: FormTarget;
  inputs?: FieldInputs;
  /** False while the drawer slides away; the screen mounts a new one for each opening. */
  open: boolean;
  confirm(options: ConfirmOptions): Promise<boolean>;
  onClose(): void;
  onSaved(answer: unknown): void;
}) {
  const { t } = useLocale();
  const { descriptor, target, open, confirm, onClose } = props;
  const { dirty, setDirty, confirmDiscard, close } = useGuardedForm(open, confirm, onClose);
  // Nothing to load when creating.
  const edited = useResourceItem(descriptor, target.mode === 'edit' ? target.id : null);
  // The form starts from the entity as the server has it now, not an older answer in the cache, and
  // keeps it: a later read (the server back after an outage) must not reset what is being typed.
  const [started, setStarted] = useState<Entity>();
  if (started === undefined && edited.data !== undefined && !edited.updating) setStarted(edited.data);
  const ready = target.mode === 'create' || started !== undefined;

  async function requestClose(): Promise<void> {
    if (!dirty || (await confirmDiscard())) close();
  }

  const title = t(target.mode === 'create' ? createTitle(descriptor.title) : editTitle(descriptor.title));
  return (
    <ScreenDrawer
      open={open}
      title={title}
      size={drawerWidth}
      onClose={() => void requestClose()}
      destroyOnHidden
      maskClosable
    >
      {edited.failed ? (
        <LoadFailure text={t(texts.loadFailedDetail)} onRetry={edited.retry} />
      ) : ready ? (
        <ResourceForm
          descriptor={descriptor}
          target={target}
          entity={started}
          inputs={props.inputs}
          onDirtyChange={setDirty}
          onSaved={(answer) => {
            close();
            props.onSaved(answer);
          }}
          onCancel={() => void requestClose()}
        />
      ) : (
        <div className="cfop-page-spin" />
      )}
    </ScreenDrawer>
  );
}
