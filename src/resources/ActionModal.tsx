import { Form } from 'antd';
import { ScreenModal } from './screen-overlays';
import { useMemo, useState } from 'react';
import type { ActionDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import { FormFields, showServerErrors } from './FormFields';
import { initialFormValues, requestBody, type FormValues } from './form-values';
import { resourceApi } from './resource-api';
import { actionTitle, texts } from './texts';

/**
 * The small form of an action whose operation takes a body (a decision with a comment), built
 * from the body's schema through the descriptor; server field errors show on their fields.
 */
export function ActionModal(props: {
  action: ActionDescriptor;
  id: number;
  /** How the row is named in the title. */
  target: string;
  open: boolean;
  onClose(): void;
  onDone(answer: unknown): void;
}) {
  const { t } = useLocale();
  const { action, id } = props;
  const [form] = Form.useForm<FormValues>();
  const initial = useMemo(() => initialFormValues(action.fields), [action]);
  const [sending, setSending] = useState(false);

  async function send(values: FormValues): Promise<void> {
    setSending(true);
    try {
      props.onDone(await resourceApi.action(action, id, requestBody(action.fields, values)));
    } catch (error) {
      showServerErrors(form, action.fields, error, t);
    } finally {
      setSending(false);
    }
  }

  return (
    <ScreenModal
      open={props.open}
      title={t(actionTitle(action.label, props.target))}
      okText={t(texts.ok)}
      cancelText={t(texts.cancel)}
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form
        form={form}
        name={`${action.name}-form`}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void send(values)}
        className="cfop-resource-form"
      >
        <FormFields fields={action.fields} />
      </Form>
    </ScreenModal>
  );
}
