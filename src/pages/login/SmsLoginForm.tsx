import MobileOutlined from '@ant-design/icons/MobileOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { App, Button, Form, Input } from 'antd';
import type { InputRef } from 'antd';
import { useRef, useState } from 'react';
import { api, call } from '../../api';
import { stringRules } from '../../generated/constraints';
import { useLocale } from '../../i18n';
import { fieldRules } from '../form-rules';
import { showServerFieldErrors } from '../shared/server-field-errors';
import { phoneHint, phoneLabel, signInText, smsCodeHint, smsCodeLabel } from './login-texts';
import { useCountdown } from './use-countdown';
import { useSignIn } from './use-sign-in';

interface SmsLoginValues {
  phone: string;
  code: string;
}

const getCodeText = { zh: '获取验证码', en: 'Get code' };
const codeSentText = { zh: '验证码已发送，请查收短信', en: 'The code is on its way by SMS' };
const retryInText = (seconds: number) => ({ zh: `${seconds}秒后重试`, en: `Retry in ${seconds}s` });

export function SmsLoginForm() {
  const { t } = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<SmsLoginValues>();
  const { submitting, submit } = useSignIn(form, ['phone', 'code']);
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const codeInput = useRef<InputRef>(null);

  async function sendCode(): Promise<void> {
    const { phone } = await form.validateFields(['phone']).catch(() => ({ phone: null }));
    if (phone === null) return;
    setSending(true);
    try {
      const sent = await call(api.POST('/login/msg/sms', { body: { phone } }));
      start(sent.resendAfterSeconds);
      void message.success(t(codeSentText));
      codeInput.current?.focus();
    } catch (error) {
      showServerFieldErrors(form, error, ['phone']);
    } finally {
      setSending(false);
    }
  }

  return (
    <Form
      form={form}
      size="large"
      onFinish={(values) => submit(() => call(api.POST('/login/bysms', { body: values })))}
    >
      <Form.Item name="phone" validateFirst rules={fieldRules(stringRules.Phone, phoneLabel, t, phoneHint)}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t(phoneLabel)}
          aria-label={t(phoneLabel)}
          autoComplete="tel"
          inputMode="tel"
        />
      </Form.Item>
      <div className="cfop-code-row">
        <Form.Item
          name="code"
          validateFirst
          rules={fieldRules(stringRules.SmsCode, smsCodeLabel, t, smsCodeHint)}
          className="cfop-grow"
        >
          <Input
            ref={codeInput}
            prefix={<SafetyOutlined />}
            placeholder={t(smsCodeLabel)}
            aria-label={t(smsCodeLabel)}
            autoComplete="one-time-code"
            inputMode="numeric"
          />
        </Form.Item>
        <Button
          className="cfop-sms-button"
          disabled={secondsLeft > 0}
          loading={sending}
          onClick={() => void sendCode()}
        >
          {secondsLeft > 0 ? t(retryInText(secondsLeft)) : t(getCodeText)}
        </Button>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t(signInText)}
      </Button>
    </Form>
  );
}
