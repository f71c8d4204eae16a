import { Form, type FormInstance } from 'antd';
import { getFieldErrors } from '../api';
import type { FieldDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import { descriptorRules, serverFieldMessage } from './field-rules';
import { FieldInput, type FieldInputs } from './FieldInput';
import type { Entity, FormValues } from './form-values';

type Translate = ReturnType<typeof useLocale>['t'];

/**
 * One labelled input per descriptor field, each with the rules openapi.yaml gives it; `inputs`
 * replaces the input of some fields (a page's own), `entity` is the row being edited, if any.
 */
export function FormFields(props: {
  fields: readonly FieldDescriptor[];
  inputs?: FieldInputs | undefined;
  entity?: Entity | undefined;
}) {
  const { t } = useLocale();
  return props.fields.map((field) => {
    const Input = props.inputs?.[field.name] ?? FieldInput;
    return (
      <Form.Item
        key={field.name}
        name={field.name}
        label={t(field.label)}
        required={field.required}
        rules={descriptorRules(field, t)}
        validateFirst
      >
        <Input field={field} entity={props.entity} />
      </Form.Item>
    );
  });
}

/**
 * Puts a failed save's server field messages under their fields and scrolls to the first; the
 * toast has told the reader already.
 */
export function showServerErrors(
  form: FormInstance<FormValues>,
  fields: readonly FieldDescriptor[],
  error: unknown,
  t: Translate,
): void {
  const messages = getFieldErrors(error);
  const failed = fields.flatMap((field) => {
    const message = messages[field.name];
    return message === undefined
      ? []
      : [{ name: field.name, errors: [serverFieldMessage(field.label, message, t)] }];
  });
  form.setFields(failed);
  if (failed[0]) form.scrollToField(failed[0].name);
}
