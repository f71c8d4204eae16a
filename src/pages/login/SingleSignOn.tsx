import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, call } from '../../api';
import { useLocale } from '../../i18n';
import { useFinishSignIn, type SecondFactorChallenge } from './use-sign-in';

const signInWith = (providerName: string) => ({ zh: '使用企业账号登录', en: `Sign in with ${providerName}` });

/**
 * Single sign-on on the login page: a plain link to the provider when the server has one (no code
 * of its own to load), and, back from the provider with `?sso=<handoff code>`, the trade of that
 * code for the session or the second step, as a password sign-in ends. A refusal is toasted as any
 * sign-in's.
 */
export function SingleSignOn({
  onSecondFactor,
}: {
  onSecondFactor: (challenge: SecondFactorChallenge) => void;
}) {
  const { t } = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const [provider, setProvider] = useState<{ providerName: string; startPath: string } | null>(null);
  const finish = useFinishSignIn();
  const handoff = searchParams.get('sso');
  const traded = useRef<string | null>(null);

  useEffect(() => {
    void call(api.GET('/login/options'), { skipErrorHandler: true })
      .then((options) => setProvider(options.singleSignOn))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    // The code is good once: not traded again by a second effect run, a reload or a way back here.
    if (!handoff || traded.current === handoff) return;
    traded.current = handoff;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('sso');
        return next;
      },
      { replace: true },
    );
    void call(api.POST('/login/sso', { body: { code: handoff } }))
      .then((answer) => ('token' in answer ? finish(answer) : onSecondFactor(answer)))
      .catch(() => undefined);
  }, [handoff, finish, onSecondFactor, setSearchParams]);

  if (!provider) return null;
  // The start is the server's route that sends the browser to the provider, outside the JSON
  // contract: a plain link to the address the options name.
  const { providerName, startPath } = provider;
  const redirect = searchParams.get('redirect');
  const href = redirect ? `${startPath}?${new URLSearchParams({ redirect }).toString()}` : startPath;
  return (
    // antd's Button with href is a link in the sign-in forms' look, at no cost: the forms load it.
    <Button className="cfop-login-sso" href={href} size="large" block>
      {t(signInWith(providerName))}
    </Button>
  );
}
