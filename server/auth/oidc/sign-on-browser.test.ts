import { describe, expect, it } from 'vitest';
import { markSignOnBrowser, signOnBrowserOf } from './sign-on-browser';

const mark = 'ab'.repeat(32);

describe('the single sign-on browser mark', () => {
  it('reads the mark among other cookies, and nothing malformed', () => {
    expect(signOnBrowserOf(`theme=dark; cfop_sso=${mark}; lang=zh`)).toBe(mark);
    expect(signOnBrowserOf(undefined)).toBe('');
    expect(signOnBrowserOf('cfop_sso=not-a-mark')).toBe('');
    expect(signOnBrowserOf(`cfop_sso=${mark.toUpperCase()}`)).toBe('');
    expect(signOnBrowserOf(`other_cfop_sso=${mark}`)).toBe('');
  });

  it('keeps a browser’s mark for a second sign-in, and marks a new browser afresh', () => {
    const again = markSignOnBrowser(`cfop_sso=${mark}`, { path: '/cfop/login', secure: true });
    expect(again.mark).toBe(mark);
    expect(again.setCookie).toBe(
      `cfop_sso=${mark}; Path=/cfop/login; Max-Age=600; HttpOnly; SameSite=Lax; Secure`,
    );
    const first = markSignOnBrowser(undefined, { path: '/cfop/login', secure: false });
    const second = markSignOnBrowser(undefined, { path: '/cfop/login', secure: false });
    expect(first.mark).toMatch(/^[0-9a-f]{64}$/);
    expect(second.mark).not.toBe(first.mark);
    expect(first.setCookie).not.toContain('Secure');
  });
});
