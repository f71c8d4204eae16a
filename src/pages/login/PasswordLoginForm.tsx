import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Input } from 'antd';
import { api, call } from '../../api';
import { stringRules } from '../../generated/constraints';
import { useLocale } from '../../i18n';
import { fieldCheck } from '../../resources/constraint-rules';
import { FieldMessage } from './FieldMessage';
import { useInitialFocus } from './use-initial-focus';
import { passwordLabel, signInText, usernameLabel } from './login-texts';
import { useLoginFields, type SignInFormProps } from './use-login-fields';
import { useSignIn } from './use-sign-in';
import { SignInButton } from './SignInButton';

const checks = {
  username: fieldCheck(stringRules.SignInUsername, usernameLabel),
  password: fieldCheck(stringRules.Password, passwordLabel),
};

export function PasswordLoginForm({ typed, onSecondFactor }: SignInFormProps) {
  const { t } = useLocale();
  const fields = useLoginFields(checks, typed);
  const { submitting, submit } = useSignIn(fields.showServerErrors, onSecondFactor);
  const usernameField = useInitialFocus();
  return (
    <form
      className="cfop-login-form"
      noValidate
      autoComplete="on"
      onSubmit={(event) => {
        event.preventDefault();
        const values = fields.validate();
        if (values) {
          void submit(() => call(api.POST('/login/bypwd', { body: values }), { formFields: fields.names }));
        }
      }}
    >
      <Input
        {...fields.field('username')}
        ref={usernameField}
        size="large"
        prefix={<UserOutlined />}
        placeholder={t(usernameLabel)}
        aria-label={t(usernameLabel)}
        autoComplete="username"
      />
      <FieldMessage id={fields.messageId('username')} message={fields.errorOf('username')} />
      <Input.Password
        {...fields.field('password')}
        size="large"
        prefix={<LockOutlined />}
        placeholder={t(passwordLabel)}
        aria-label={t(passwordLabel)}
        autoComplete="current-password"
      />
      <FieldMessage id={fields.messageId('password')} message={fields.errorOf('password')} />
      <SignInButton submitting={submitting}>{t(signInText)}</SignInButton>
    </form>
  );
}
