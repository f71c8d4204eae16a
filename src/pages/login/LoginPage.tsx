import { useRef, useState } from 'react';
import { appSettings } from '../../generated/settings';
import { useLocale } from '../../i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { PasswordLoginForm } from './PasswordLoginForm';
import { typedBeforeStart, useTakeOver } from './prerendered-form';
import { SmsLoginForm } from './SmsLoginForm';

const subtitleText = { zh: 'AI 智能监控运营管理', en: 'Operations console for AI monitoring' };
const signInWays = [
  { key: 'password', label: { zh: '账号密码登录', en: 'Password sign-in' }, Form: PasswordLoginForm },
  { key: 'sms', label: { zh: '手机号登录', en: 'Mobile sign-in' }, Form: SmsLoginForm },
] as const;

// Plain markup for the card and the two tabs: antd's Card and Tabs bring tab, dropdown and menu
// code that the sign-in page's JS budget cannot carry.
export default function LoginPage() {
  const { t } = useLocale();
  const [wayKey, setWayKey] = useState<(typeof signInWays)[number]['key']>('password');
  // What was typed into the page the server sent, for the form shown first; not for one shown later.
  const [typed, setTyped] = useState(typedBeforeStart);
  const page = useRef<HTMLElement>(null);
  useTakeOver(page, typed);
  const way = signInWays.find((candidate) => candidate.key === wayKey) ?? signInWays[0];
  return (
    <main className="cfop-login" ref={page}>
      <div className="cfop-fullpage-corner">
        <LanguageSwitch className="cfop-plain-action" />
      </div>
      <section className="cfop-login-card">
        <header className="cfop-login-heading">
          <h1>{t(appSettings.title)}</h1>
          <p>{t(subtitleText)}</p>
        </header>
        <div className="cfop-login-tabs" role="tablist">
          {signInWays.map((candidate) => (
            <button
              key={candidate.key}
              type="button"
              role="tab"
              id={`cfop-login-tab-${candidate.key}`}
              aria-selected={candidate.key === way.key}
              aria-controls="cfop-login-panel"
              className="cfop-login-tab"
              onClick={() => {
                setWayKey(candidate.key);
                setTyped(undefined);
              }}
            >
              {t(candidate.label)}
            </button>
          ))}
        </div>
        <div id="cfop-login-panel" role="tabpanel" aria-labelledby={`cfop-login-tab-${way.key}`}>
          <way.Form typed={typed?.values} />
        </div>
      </section>
    </main>
  );
}
