import { Button, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useState } from 'react';
import { api, call } from '../../api';
import { stringRules } from '../../generated/constraints';
import { useLocale } from '../../i18n';
import { fieldRules } from '../../resources/constraint-rules';
import { showServerFieldErrors } from '../shared/server-field-errors';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const oldPasswordLabel = { zh: '原密码', en: 'Current password' };
const newPasswordLabel = { zh: '新密码', en: 'New password' };
const confirmLabel = { zh: '确认新密码', en: 'Confirm new password' };
const newPasswordHint = {
  zh: `至少 ${stringRules.NewPassword.minLength} 位，且同时包含字母和数字`,
  en: `At least ${stringRules.NewPassword.minLength} characters, with both letters and digits`,
};
const sameAsOldText = {
  zh: '新密码不能与原密码相同',
  en: 'The new password must differ from the current one',
};
const confirmRequiredText = { zh: '请再次输入新密码', en: 'Please enter the new password again' };
const mismatchText = { zh: '两次输入的新密码不一致', en: 'The two new passwords do not match' };
const submitText = { zh: '修改密码', en: 'Change password' };
/** The fields the server may name in data.errors (a wrong current password among them). */
const serverCheckedFields = ['oldPassword', 'newPassword'] as const;

/**
 * Changing the password ends every session of the user on the server, this one included;
 * `onChanged` then takes the reader back to sign-in.
 */
export function ChangePasswordForm({ onChanged }: { onChanged(): void }) {
  const { t } = useLocale();
  const [form] = Form.useForm<ChangePasswordValues>();
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const [submitting, setSubmitting] = useState(false);

  const differsFromOld: FormRule = ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      value && value === getFieldValue('oldPassword')
        ? Promise.reject(new Error(t(sameAsOldText)))
        : Promise.resolve(),
  });
  const matchesNew: FormRule = ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue('newPassword')
        ? Promise.resolve()
        : Promise.reject(new Error(t(mismatchText))),
  });

  async function onFinish({ oldPassword, newPassword }: ChangePasswordValues): Promise<void> {
    setSubmitting(true);
    try {
      await call(api.POST('/user/modify/password', { body: { oldPassword, newPassword } }), {
        formFields: serverCheckedFields,
      });
      onChanged();
    } catch (error) {
      showServerFieldErrors(form, error, serverCheckedFields);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      className="cfop-narrow-form"
      // antd does not wait for onFinish; onFinish shows its own failures on the form.
      onFinish={(values) => void onFinish(values)}
      requiredMark={false}
    >
      <Form.Item
        name="oldPassword"
        validateFirst
        label={t(oldPasswordLabel)}
        rules={fieldRules(stringRules.Password, oldPasswordLabel, t)}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        validateFirst
        label={t(newPasswordLabel)}
        dependencies={['oldPassword']}
        rules={[...fieldRules(stringRules.NewPassword, newPasswordLabel, t, newPasswordHint), differsFromOld]}
        extra={newPassword ? <PasswordStrengthMeter password={newPassword} /> : t(newPasswordHint)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t(confirmLabel)}
        dependencies={['newPassword']}
        rules={[{ required: true, message: t(confirmRequiredText) }, matchesNew]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t(submitText)}
      </Button>
    </Form>
  );
}
