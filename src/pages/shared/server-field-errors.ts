import type { FormInstance } from 'antd';
import { getFieldErrors } from '../../api';

/**
 * Puts the server's per-field messages (data.errors of a "400") under the form's own fields;
 * messages for fields the form does not have are left to the standard error toast.
 */
export function showServerFieldErrors<Values>(
  form: FormInstance<Values>,
  error: unknown,
  fieldNames: readonly (keyof Values & string)[],
): void {
  const messages = getFieldErrors(error);
  // antd's NamePath type cannot follow a generic key, so the fields are set on the untyped form.
  const untypedForm: FormInstance = form;
  untypedForm.setFields(
    fieldNames.flatMap((name) => {
      const message = messages[name];
      return message === undefined ? [] : [{ name, errors: [message] }];
    }),
  );
}
