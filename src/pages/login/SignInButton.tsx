import { Button } from 'antd';
import type { ReactNode } from 'react';

/**
 * The sign-in forms' submit button. It is mounted afresh when a sign-in starts and when it ends:
 * antd's loading icon leaves with a CSS motion that, after a quick answer, can stay mid-way,
 * invisible but still in the button, which then reads "loading 登录" to assistive technology.
 */
export function SignInButton(props: { readonly submitting: boolean; readonly children: ReactNode }) {
  return (
    <Button
      key={props.submitting ? 'submitting' : 'ready'}
      type="primary"
      htmlType="submit"
      size="large"
      block
      loading={props.submitting}
    >
      {props.children}
    </Button>
  );
}
