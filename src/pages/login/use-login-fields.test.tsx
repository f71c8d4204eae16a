// @vitest-environment happy-dom
import { act } from 'react';
import type { ChangeEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringRules } from '../../generated/constraints';
import { LocaleProvider, localeStore } from '../../i18n';
import type { LocalText } from '../../generated/settings';
import { fieldCheck, fieldRules } from '../../resources/constraint-rules';
import { useLoginFields } from './use-login-fields';

const zh = (text: LocalText) => text.zh;
const username = { zh: '用户名', en: 'User name' };
const phone = { zh: '手机号', en: 'Mobile number' };
const phoneHint = { zh: '请输入正确的 11 位手机号', en: 'Enter a valid 11-digit mobile number' };

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterEach(() => {
  localStorage.clear();
});

describe('fieldCheck', () => {
  it('gives the first broken limit with the messages of fieldRules', () => {
    const check = fieldCheck(stringRules.Username, username);
    const { minLength, maxLength } = stringRules.Username;
    expect(check('', zh)).toBe('请输入用户名');
    expect(check('a'.repeat(minLength - 1), zh)).toBe(`用户名长度不能少于 ${minLength} 个字符`);
    expect(check('a'.repeat(maxLength + 1), zh)).toBe(`用户名长度不能超过 ${maxLength} 个字符`);
    expect(check('bad name', zh)).toBe('用户名格式不正确');
    expect(check('admin', zh)).toBeUndefined();
    const messages = fieldRules(stringRules.Username, username, zh).map((rule) =>
      typeof rule === 'function' ? undefined : rule.message,
    );
    expect(messages).toContain(check('a', zh));
  });

  it('counts characters, not UTF-16 units, and words the pattern with the hint', () => {
    expect(fieldCheck({ minLength: 3 }, username)('𠮷𠮷𠮷', zh)).toBeUndefined();
    expect(fieldCheck(stringRules.Phone, phone, phoneHint)('123', zh)).toBe(phoneHint.zh);
  });
});

describe('useLoginFields', () => {
  it('shows messages after an edit or a submit, in the current language, and the server messages', async () => {
    localeStore.set('zh-CN');
    let fields: ReturnType<typeof useLoginFields<'username'>> | undefined;
    const checks = { username: fieldCheck(stringRules.Username, username) };
    function Probe() {
      fields = useLoginFields(checks);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <LocaleProvider>
          <Probe />
        </LocaleProvider>,
      ),
    );
    const current = () => {
      if (!fields) throw new Error('not rendered');
      return fields;
    };
    expect(current().errorOf('username')).toBeUndefined();
    expect(current().field('username')['aria-describedby']).toBeUndefined();

    let submitted: unknown;
    await act(async () => {
      submitted = current().validate();
    });
    expect(submitted).toBeUndefined();
    expect(current().errorOf('username')).toBe('请输入用户名');
    expect(current().field('username')).toMatchObject({
      status: 'error',
      'aria-invalid': true,
      'aria-describedby': current().messageId('username'),
    });

    await act(async () => localeStore.set('en-US'));
    expect(current().errorOf('username')).toBe('Please enter the user name');

    const typed = { target: { value: 'admin' } } as ChangeEvent<HTMLInputElement>;
    await act(async () => current().field('username').onChange(typed));
    expect(current().errorOf('username')).toBeUndefined();
    await act(async () => {
      submitted = current().validate();
    });
    expect(submitted).toEqual({ username: 'admin' });

    await act(async () => current().showServerErrors({ username: 'No such user', other: 'ignored' }));
    expect(current().errorOf('username')).toBe('No such user');
    await act(async () => root.unmount());
  });
});
