import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getFieldErrors } from '../../api';
import type { components } from '../../generated/openapi';
import { safeRedirect, useSession } from '../../session';

/** What a right password or SMS code answers: a session, or the second step still wanted. */
export type SignInAnswer = components['schemas']['LoginEnvelope']['data'];
export type SecondFactorChallenge = components['schemas']['SecondFactorChallenge'];

/** The session takes the token and the user goes back where the login redirect says (same origin only), else home. */
export function useFinishSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return async (session: { readonly token: string }) => {
    await signIn({ token: session.token });
    void navigate(safeRedirect(searchParams.get('redirect'), window.location.origin), { replace: true });
  };
}

/**
 * Runs one sign-in request for a form: a session finishes the sign-in, a second step wanted goes to
 * `onSecondFactor`; on failure the server's field messages go to `showFieldErrors` (the request
 * names the form's fields as `formFields`, so the api layer toasts only what the form does not show).
 */
export function useSignIn(
  showFieldErrors: (messages: Record<string, string>) => void,
  onSecondFactor: (challenge: SecondFactorChallenge) => void = () => {},
) {
  const finish = useFinishSignIn();
  const [submitting, setSubmitting] = useState(false);

  async function submit(request: () => Promise<SignInAnswer | { token: string }>): Promise<void> {
    setSubmitting(true);
    try {
      const answer = await request();
      if ('token' in answer) await finish(answer);
      else onSecondFactor(answer);
    } catch (error) {
      showFieldErrors(getFieldErrors(error));
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
