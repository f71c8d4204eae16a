import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { appSettings } from '../../generated/settings';
import { useLocale } from '../../i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { PasswordLoginForm } from './PasswordLoginForm';
import { typedBeforeStart, useTakeOver } from './prerendered-form';
import { SingleSignOn } from './SingleSignOn';
import { SmsLoginForm } from './SmsLoginForm';
import type { SecondFactorChallenge } from './use-sign-in';

// Loaded only when a sign-in asks for it: the sign-in page's first load has no room for it.
const SecondFactorStep = lazy(() => import('./SecondFactorStep'));

const subtitleText = { zh: 'AI 智能监控运营管理', en: 'Operations console for AI monitoring' };
const signInWays = [
  { key: 'password', label: { zh: '账号密码登录', en: 'Password sign-in' }, Form: PasswordLoginForm },
  { key: 'sms', label: { zh: '手机号登录', en: 'Mobile sign-in' }, Form: SmsLoginForm },
] as const;

type SignInWayKey = (typeof signInWays)[number]['key'];

const tabId = (key: SignInWayKey) => `cfop-login-tab-${key}`;

const wayCount = signInWays.length;
/** Where the arrow, Home and End keys move from the tab at an index, around the ends (WAI-ARIA tabs). */
const tabKeys: Readonly<Record<string, (index: number) => number>> = {
  ArrowRight: (index) => (index + 1) % wayCount,
  ArrowLeft: (index) => (index + wayCount - 1) % wayCount,
  Home: () => 0,
  End: () => wayCount - 1,
};

// Plain markup for the card and the two tabs: antd's Card and Tabs bring tab, dropdown and menu
// code that the sign-in page's JS budget cannot carry.
export default function LoginPage() {
  const { t } = useLocale();
  const [wayKey, setWayKey] = useState<SignInWayKey>('password');
  // What was typed into the page the server sent, for the form shown first; not for one shown later.
  const [typed, setTyped] = useState(typedBeforeStart);
  // A right password or SMS code of a user with a second factor: the card asks for it instead.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const restart = useCallback(() => setChallenge(null), []);
  const page = useRef<HTMLElement>(null);
  useTakeOver(page, typed);
  const way = signInWays.find((candidate) => candidate.key === wayKey) ?? signInWays[0];
  const choose = (key: SignInWayKey) => {
    setWayKey(key);
    setTyped(undefined);
  };
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
        {challenge ? (
          <Suspense fallback={null}>
            <SecondFactorStep challenge={challenge} onRestart={restart} />
          </Suspense>
        ) : (
          <>
            <div
              className="cfop-login-tabs"
              role="tablist"
              onKeyDown={(event) => {
                const move = tabKeys[event.key];
                const next = move && signInWays[move(signInWays.indexOf(way))];
                if (!next) return;
                event.preventDefault();
                choose(next.key);
                document.getElementById(tabId(next.key))?.focus();
              }}
            >
              {signInWays.map((candidate) => (
                <button
                  key={candidate.key}
                  type="button"
                  role="tab"
                  id={tabId(candidate.key)}
                  aria-selected={candidate.key === way.key}
                  aria-controls="cfop-login-panel"
                  // One tab stop for the list; the arrow keys move between the tabs (WAI-ARIA tabs pattern).
                  tabIndex={candidate.key === way.key ? 0 : -1}
                  className="cfop-login-tab"
                  onClick={() => choose(candidate.key)}
                >
                  {t(candidate.label)}
                </button>
              ))}
            </div>
            <div id="cfop-login-panel" role="tabpanel" aria-labelledby={tabId(way.key)}>
              <way.Form typed={typed?.values} onSecondFactor={setChallenge} />
            </div>
            <SingleSignOn onSecondFactor={setChallenge} />
          </>
        )}
      </section>
    </main>
  );
}
