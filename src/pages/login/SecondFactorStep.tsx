import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { api, BusinessError, call } from '../../api';
import type { components } from '../../generated/openapi';
import { stringRules } from '../../generated/constraints';
import { useLocale } from '../../i18n';
import { fieldCheck } from '../../resources/constraint-rules';
import { AuthenticatorSetup, RecoveryCodeList } from '../shared/RecoveryCodeList';
import { FieldMessage } from './FieldMessage';
import { signInText } from './login-texts';
import { SignInButton } from './SignInButton';
import { useInitialFocus } from './use-initial-focus';
import { useLoginFields } from './use-login-fields';
import { useFinishSignIn, type SecondFactorChallenge } from './use-sign-in';

const codeLabel = { zh: '验证器中的 6 位验证码', en: '6-digit code from your authenticator' };
const codeHint = { zh: '验证码为 6 位数字', en: 'The code has 6 digits' };
const recoveryLabel = { zh: '恢复码', en: 'Recovery code' };
const useRecoveryText = { zh: '使用恢复码', en: 'Use a recovery code' };
const useCodeText = { zh: '使用验证码', en: 'Use an authenticator code' };
const backText = { zh: '返回重新登录', en: 'Back to sign-in' };
const continueText = { zh: '我已保存，继续', en: 'I have kept them; continue' };
const codeStepTitle = { zh: '两步验证', en: 'Two-step verification' };
const enrolStepTitle = {
  zh: '管理员须先设置两步验证',
  en: 'Administrators must set up two-step verification first',
};

const checks = {
  code: fieldCheck(stringRules.AuthenticatorCode, codeLabel, codeHint),
  recoveryCode: fieldCheck(stringRules.RecoveryCode, recoveryLabel),
};

/** The pending sign-in is gone (expired, used): back to the first step. */
const isGone = (error: unknown) => error instanceof BusinessError && error.code === '1005';

/**
 * A step's call to the server: its button spins meanwhile, and a pending sign-in that is gone
 * starts over (call() has told any other failure).
 */
function useStepCall(onRestart: () => void) {
  const [submitting, setSubmitting] = useState(false);
  async function run(task: () => Promise<void>): Promise<void> {
    setSubmitting(true);
    try {
      await task();
    } catch (error) {
      if (isGone(error)) onRestart();
    } finally {
      setSubmitting(false);
    }
  }
  return { submitting, run };
}

/**
 * After a right password or SMS code: the authenticator's code (or a recovery code), or, for an
 * administrator who must have one, setting the authenticator up first.
 */
export default function SecondFactorStep(props: {
  readonly challenge: SecondFactorChallenge;
  readonly onRestart: () => void;
}) {
  const { t } = useLocale();
  const enrol = props.challenge.secondFactor === 'enrol';
  return (
    <div className="cfop-login-form">
      <h2 className="cfop-login-step-title">{t(enrol ? enrolStepTitle : codeStepTitle)}</h2>
      {enrol ? <EnrolStep {...props} /> : <CodeStep {...props} />}
      <Button type="link" onClick={props.onRestart}>
        {t(backText)}
      </Button>
    </div>
  );
}

type StepProps = Parameters<typeof SecondFactorStep>[0];

function CodeStep({ challenge, onRestart }: StepProps) {
  const { t } = useLocale();
  const finish = useFinishSignIn();
  const [recovery, setRecovery] = useState(false);
  const { submitting, run } = useStepCall(onRestart);
  const fields = useLoginFields(checks);
  const name = recovery ? 'recoveryCode' : 'code';
  const label = recovery ? recoveryLabel : codeLabel;
  const input = useInitialFocus();

  const submit = (value: string) =>
    run(async () => {
      const body = { pendingToken: challenge.pendingToken, [name]: value };
      await finish(await call(api.POST('/login/second-factor', { body }), { formFields: fields.names }));
    });

  return (
    <form
      noValidate
      className="cfop-login-form"
      onSubmit={(event) => {
        event.preventDefault();
        const values = fields.validate([name]);
        if (values) void submit(values[name]);
      }}
    >
      <Input
        {...fields.field(name)}
        key={name}
        ref={input}
        size="large"
        prefix={<SafetyOutlined />}
        placeholder={t(label)}
        aria-label={t(label)}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
      />
      <FieldMessage id={fields.messageId(name)} message={fields.errorOf(name)} />
      <SignInButton submitting={submitting}>{t(signInText)}</SignInButton>
      <Button type="link" onClick={() => setRecovery(!recovery)}>
        {t(recovery ? useCodeText : useRecoveryText)}
      </Button>
    </form>
  );
}

type Enrolment = components['schemas']['TotpEnrolment'];
type EnrolledSignIn = components['schemas']['EnrolledSignIn'];

function EnrolStep({ challenge, onRestart }: StepProps) {
  const { t } = useLocale();
  const finish = useFinishSignIn();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [enrolled, setEnrolled] = useState<EnrolledSignIn>();
  const { submitting, run } = useStepCall(onRestart);
  const fields = useLoginFields({ code: checks.code });
  const { pendingToken } = challenge;

  useEffect(() => {
    call(api.POST('/login/second-factor/enrolment', { body: { pendingToken } })).then(
      setEnrolment,
      (error) => {
        if (isGone(error)) onRestart();
      },
    );
  }, [pendingToken, onRestart]);

  if (enrolled) {
    return (
      <>
        <RecoveryCodeList codes={enrolled.recoveryCodes} />
        <Button type="primary" size="large" block onClick={() => void finish(enrolled.session)}>
          {t(continueText)}
        </Button>
      </>
    );
  }
  if (!enrolment) return null;

  const confirm = (code: string) =>
    run(async () => {
      const body = { pendingToken, code };
      setEnrolled(
        await call(api.POST('/login/second-factor/enrolment/confirm', { body }), { formFields: ['code'] }),
      );
    });

  return (
    <form
      noValidate
      className="cfop-login-form"
      onSubmit={(event) => {
        event.preventDefault();
        const values = fields.validate();
        if (values) void confirm(values.code);
      }}
    >
      <AuthenticatorSetup qrSvg={enrolment.qrSvg} secret={enrolment.secret} />
      <Input
        {...fields.field('code')}
        size="large"
        prefix={<SafetyOutlined />}
        placeholder={t(codeLabel)}
        aria-label={t(codeLabel)}
        autoComplete="one-time-code"
        inputMode="numeric"
      />
      <FieldMessage id={fields.messageId('code')} message={fields.errorOf('code')} />
      <SignInButton submitting={submitting}>{t(signInText)}</SignInButton>
    </form>
  );
}
