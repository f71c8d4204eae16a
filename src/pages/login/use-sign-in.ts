import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect, useSession } from '../../session';
import { showServerFieldErrors } from '../shared/server-field-errors';

/**
 * Runs one sign-in request for a form: on success the session takes the token and the user
 * goes back where the login redirect says (same origin only), else home; on failure the
 * server's field messages land on the form's fields (other errors are toasted by the api layer).
 */
export function useSignIn<Values>(
  form: FormInstance<Values>,
  fieldNames: readonly (keyof Values & string)[],
) {
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
      showServerFieldErrors(form, error, fieldNames);
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
