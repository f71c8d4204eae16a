import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getFieldErrors } from '../../api';
import { safeRedirect, useSession } from '../../session';

/**
 * Runs one sign-in request for a form: on success the session takes the token and the user
 * goes back where the login redirect says (same origin only), else home; on failure the
 * server's field messages go to `showFieldErrors` (the request names the form's fields as
 * `formFields`, so the api layer toasts only what the form does not show).
 */
export function useSignIn(showFieldErrors: (messages: Record<string, string>) => void) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);

  async function submit(request: () => Promise<{ token: string }>): Promise<void> {
    setSubmitting(true);
    try {
      const session = await request();
      await signIn({ token: session.token });
      void navigate(safeRedirect(searchParams.get('redirect'), window.location.origin), { replace: true });
    } catch (error) {
      showFieldErrors(getFieldErrors(error));
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
