import MobileOutlined from '@ant-design/icons/MobileOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { Button, Input } from 'antd';
import type { InputRef } from 'antd';
import { useRef, useState } from 'react';
import { api, call, getFieldErrors, toast } from '../../api';
import { stringRules } from '../../generated/constraints';
import { useLocale } from '../../i18n';
import { fieldCheck } from '../../resources/constraint-rules';
import { FieldMessage } from './FieldMessage';
import { phoneHint, phoneLabel, signInText, smsCodeHint, smsCodeLabel } from './login-texts';
import { useCountdown } from './use-countdown';
import { useLoginFields, type SignInFormProps } from './use-login-fields';
import { useSignIn } from './use-sign-in';
import { SignInButton } from './SignInButton';

const checks = {
  phone: fieldCheck(stringRules.Phone, phoneLabel, phoneHint),
  code: fieldCheck(stringRules.SmsCode, smsCodeLabel, smsCodeHint),
};

const getCodeText = { zh: '获取验证码', en: 'Get code' };
const codeSentText = { zh: '验证码已发送，请查收短信', en: 'The code is on its way by SMS' };
const retryInText = (seconds: number) => ({ zh: `${seconds}秒后重试`, en: `Retry in ${seconds}s` });

export function SmsLoginForm({ typed, onSecondFactor }: SignInFormProps) {
  const { t } = useLocale();
  const fields = useLoginFields(checks, typed);
  const { submitting, submit } = useSignIn(fields.showServerErrors, onSecondFactor);
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const codeInput = useRef<InputRef>(null);

  async function sendCode(): Promise<void> {
    const values = fields.validate(['phone']);
    if (!values) return;
    setSending(true);
    try {
      const sent = await call(api.POST('/login/msg/sms', { body: { phone: values.phone } }), {
        formFields: ['phone'],
      });
      start(sent.resendAfterSeconds);
      toast('success', t(codeSentText));
      codeInput.current?.focus();
    } catch (error) {
      fields.showServerErrors({ phone: getFieldErrors(error).phone });
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="cfop-login-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const values = fields.validate();
        if (values) {
          void submit(() => call(api.POST('/login/bysms', { body: values }), { formFields: fields.names }));
        }
      }}
    >
      <Input
        {...fields.field('phone')}
        size="large"
        prefix={<MobileOutlined />}
        placeholder={t(phoneLabel)}
        aria-label={t(phoneLabel)}
        autoComplete="tel"
        inputMode="tel"
      />
      <FieldMessage id={fields.messageId('phone')} message={fields.errorOf('phone')} />
      <div className="cfop-code-row">
        <div className="cfop-grow">
          <Input
            {...fields.field('code')}
            ref={codeInput}
            size="large"
            prefix={<SafetyOutlined />}
            placeholder={t(smsCodeLabel)}
            aria-label={t(smsCodeLabel)}
            autoComplete="one-time-code"
            inputMode="numeric"
          />
          <FieldMessage id={fields.messageId('code')} message={fields.errorOf('code')} />
        </div>
        <Button
          className="cfop-sms-button"
          size="large"
          disabled={secondsLeft > 0}
          loading={sending}
          onClick={() => void sendCode()}
        >
          {secondsLeft > 0 ? t(retryInText(secondsLeft)) : t(getCodeText)}
        </Button>
      </div>
      <SignInButton submitting={submitting}>{t(signInText)}</SignInButton>
    </form>
  );
}
