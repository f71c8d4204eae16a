import { Form } from 'antd';
import { ScreenDrawer } from './screen-overlays';
import { useEffect, useMemo, useState } from 'react';
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
import { createTitle, editTitle, texts } from './texts';
import type { ConfirmOptions } from './use-confirm';
import { useGuardedForm } from './use-unsaved-guard';

export type FormTarget = { readonly mode: 'create' } | { readonly mode: 'edit'; readonly id: number };

const drawerWidth = 520;

/** Loads the entity to edit; nothing to load when creating. */
function useEditedEntity(descriptor: ResourceDescriptor, target: FormTarget, attempt: number) {
  const id = target.mode === 'edit' ? target.id : null;
  const [loaded, setLoaded] = useState<{ id: number; attempt: number; entity: Entity | null } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let current = true;
    resourceApi.get(descriptor, id).then(
      (entity) => current && setLoaded({ id, attempt, entity }),
      () => current && setLoaded({ id, attempt, entity: null }),
    );
    return () => {
      current = false;
    };
  }, [descriptor, id, attempt]);
  if (id === null) return { ready: true, failed: false, entity: undefined };
  const settled = loaded !== null && loaded.id === id && loaded.attempt === attempt;
  return {
    ready: settled && loaded.entity !== null,
    failed: settled && loaded.entity === null,
    entity: loaded?.entity ?? undefined,
  };
}

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
  const [attempt, setAttempt] = useState(0);
  const loaded = useEditedEntity(descriptor, target, attempt);

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
      {loaded.failed ? (
        <LoadFailure text={t(texts.loadFailedDetail)} onRetry={() => setAttempt((count) => count + 1)} />
      ) : loaded.ready ? (
        <ResourceForm
          descriptor={descriptor}
          target={target}
          entity={loaded.entity}
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
