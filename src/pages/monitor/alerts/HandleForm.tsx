import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { stringRules } from '../../../generated/constraints';
import { useLocale } from '../../../i18n';
import { showServerFieldErrors } from '../../shared/server-field-errors';
import type { AlertHandling } from './alert-api';
import { alertTexts } from './alert-texts';

/** The fields of the form, which show the server's field messages (no toast repeats them). */
export const handlingFields = ['decision', 'note'] as const;

/**
 * Confirm or dismiss with a note, for one alert (the detail drawer) or several (bulk). `submit`
 * sends it; a refusal's field messages show under the fields.
 */
export function HandleForm(props: {
  name: string;
  initialDecision?: AlertHandling['decision'];
  /**
   * Opened with the decision made (a bulk action, a key): the note has the focus and Enter sends
   * the form, so a key-driven operator handles without the mouse (Shift+Enter starts a new line).
   */
  noteFirst?: boolean;
  submit(values: AlertHandling): Promise<unknown>;
}) {
  const { t } = useLocale();
  const [form] = Form.useForm<AlertHandling>();
  const [sending, setSending] = useState(false);

  async function send(values: AlertHandling): Promise<void> {
    setSending(true);
    try {
      await props.submit({ decision: values.decision, note: values.note?.trim() || undefined });
    } catch (error) {
      showServerFieldErrors(form, error, handlingFields);
    } finally {
      setSending(false);
    }
  }

  return (
    <Form
      form={form}
      name={props.name}
      layout="vertical"
      initialValues={{ decision: props.initialDecision, note: '' }}
      // antd does not wait for onFinish; send() shows its own failures on the form.
      onFinish={(values) => void send(values)}
    >
      <Form.Item
        name="decision"
        label={t(alertTexts.decision)}
        rules={[{ required: true, message: t({ zh: '请选择处理结果', en: 'Choose a decision' }) }]}
      >
        <Radio.Group>
          <Radio.Button value="confirm">{t(alertTexts.confirmHint)}</Radio.Button>
          <Radio.Button value="dismiss">{t(alertTexts.dismissHint)}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {/* Optional; the text area stops at the contract's length, so no rule can fail before the server's. */}
      <Form.Item name="note" label={t(alertTexts.note)}>
        <Input.TextArea
          rows={3}
          showCount
          maxLength={stringRules.AlertHandlingNote.maxLength}
          placeholder={t(alertTexts.notePlaceholder)}
          autoFocus={props.noteFirst}
          onKeyDown={(event) => {
            if (!props.noteFirst || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing)
              return;
            event.preventDefault();
            form.submit();
          }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending}>
        {t(alertTexts.submit)}
      </Button>
    </Form>
  );
}
