import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Button, Form, Input } from 'antd';
import { api, call } from '../../api';
import { stringRules } from '../../generated/constraints';
import { useLocale } from '../../i18n';
import { fieldRules } from '../form-rules';
import { passwordLabel, signInText, usernameLabel } from './login-texts';
import { useSignIn } from './use-sign-in';

interface PasswordLoginValues {
  username: string;
  password: string;
}

export function PasswordLoginForm() {
  const { t } = useLocale();
  const [form] = Form.useForm<PasswordLoginValues>();
  const { submitting, submit } = useSignIn(form, ['username', 'password']);
  return (
    <Form
      form={form}
      size="large"
      autoComplete="on"
      onFinish={(values) => submit(() => call(api.POST('/login/bypwd', { body: values })))}
    >
      <Form.Item name="username" validateFirst rules={fieldRules(stringRules.Username, usernameLabel, t)}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t(usernameLabel)}
          aria-label={t(usernameLabel)}
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      <Form.Item name="password" validateFirst rules={fieldRules(stringRules.Password, passwordLabel, t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t(passwordLabel)}
          aria-label={t(passwordLabel)}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t(signInText)}
      </Button>
    </Form>
  );
}
