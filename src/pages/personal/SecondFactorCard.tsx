import { Alert, Button, Card, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { api, call } from '../../api';
import type { components } from '../../generated/openapi';
import { useLocale } from '../../i18n';
import { AuthenticatorSetup, RecoveryCodeList } from '../shared/RecoveryCodeList';
import { ConfirmButton } from '../shared/ConfirmButton';
import { useLoaded } from './use-loaded';

const texts = {
  title: { zh: '两步验证', en: 'Two-step verification' },
  on: { zh: '已开启', en: 'On' },
  off: { zh: '未开启', en: 'Off' },
  explain: {
    zh: '开启后，登录时除密码或短信验证码外，还需输入验证器应用中的 6 位验证码。',
    en: 'When on, signing in also asks for the 6-digit code of your authenticator app, after the password or SMS code.',
  },
  required: {
    zh: '管理员必须开启两步验证。',
    en: 'Administrators must keep two-step verification on.',
  },
  codesLeft: (n: number) => ({
    zh: `剩余 ${n} 个恢复码`,
    en: `${n} recovery code${n === 1 ? '' : 's'} left`,
  }),
  enrol: { zh: '设置验证器', en: 'Set up an authenticator' },
  confirm: { zh: '确认开启', en: 'Turn on' },
  codeLabel: { zh: '验证器中的 6 位验证码', en: '6-digit code from your authenticator' },
  disable: { zh: '关闭两步验证', en: 'Turn off' },
  disableAsk: {
    zh: '输入当前验证码（或恢复码）以关闭两步验证',
    en: 'Enter a current code (or a recovery code) to turn it off',
  },
  disableConfirm: { zh: '确定关闭两步验证？', en: 'Turn two-step verification off?' },
  done: { zh: '完成', en: 'Done' },
};

type Enrolment = components['schemas']['TotpEnrolment'];

/** 个人中心 → 两步验证: enrol with a QR code and a first code, keep the recovery codes, or turn it off. */
export function SecondFactorCard() {
  const { t } = useLocale();
  const state = useLoaded(getState);
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [proof, setProof] = useState('');

  const begin = async () => {
    setEnrolment(await call(api.POST('/user/second-factor/enrolment')));
    setCode('');
  };
  const confirm = async () => {
    const answer = await call(api.POST('/user/second-factor/enrolment/confirm', { body: { code } }));
    setEnrolment(undefined);
    setCodes(answer.recoveryCodes);
    state.reload();
  };
  const disable = async () => {
    const typed = proof.trim();
    const body = /^[0-9]{6}$/.test(typed) ? { code: typed } : { recoveryCode: typed };
    await call(api.POST('/user/second-factor/disable', { body }));
    setProof('');
    state.reload();
  };
  const current = state.value;

  return (
    <Card
      variant="borderless"
      title={t(texts.title)}
      extra={
        current && (
          <Tag color={current.enabled ? 'success' : 'default'}>
            {t(current.enabled ? texts.on : texts.off)}
          </Tag>
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>{t(texts.explain)}</div>
        {current?.required && <Alert type="info" showIcon title={t(texts.required)} />}
        {codes ? (
          <>
            <RecoveryCodeList codes={codes} />
            <Button type="primary" onClick={() => setCodes(undefined)}>
              {t(texts.done)}
            </Button>
          </>
        ) : enrolment ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void confirm().catch(() => {});
            }}
          >
            <AuthenticatorSetup qrSvg={enrolment.qrSvg} secret={enrolment.secret} />
            <Space>
              <Input
                value={code}
                onChange={(event) => setCode(event.target.value)}
                placeholder={t(texts.codeLabel)}
                aria-label={t(texts.codeLabel)}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
              />
              <Button type="primary" htmlType="submit">
                {t(texts.confirm)}
              </Button>
            </Space>
          </form>
        ) : current?.enabled ? (
          <>
            <div>{t(texts.codesLeft(current.recoveryCodesLeft))}</div>
            {!current.required && (
              <Space>
                <Input
                  value={proof}
                  onChange={(event) => setProof(event.target.value)}
                  placeholder={t(texts.disableAsk)}
                  aria-label={t(texts.disableAsk)}
                  style={{ width: 320 }}
                />
                <ConfirmButton
                  label={t(texts.disable)}
                  ask={t(texts.disableConfirm)}
                  disabled={proof.trim() === ''}
                  onConfirm={() => void disable().catch(() => {})}
                />
              </Space>
            )}
          </>
        ) : (
          current && (
            <Button type="primary" onClick={() => void begin().catch(() => {})}>
              {t(texts.enrol)}
            </Button>
          )
        )}
      </Space>
    </Card>
  );
}

function getState() {
  return call(api.GET('/user/second-factor'));
}
