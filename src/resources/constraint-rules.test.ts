import { describe, expect, it } from 'vitest';
import { stringRules } from '../generated/constraints';
import type { LocalText } from '../generated/settings';
import { fieldRules } from './constraint-rules';

const zh = (text: LocalText) => text.zh;
const en = (text: LocalText) => text.en;
const username = { zh: '用户名', en: 'User name' };

// Runs antd's rule fields the way its validator reads them, enough to check the limits.
function firstBroken(rules: ReturnType<typeof fieldRules>, value: string): string | undefined {
  for (const rule of rules) {
    if (typeof rule === 'function') throw new Error('unexpected rule function');
    const broken =
      (rule.required && value === '') ||
      (rule.min !== undefined && value.length < rule.min) ||
      (rule.max !== undefined && value.length > rule.max) ||
      (rule.pattern !== undefined && !rule.pattern.test(value));
    if (broken) return String(rule.message);
  }
  return undefined;
}

describe('fieldRules', () => {
  it('takes the limits from the generated constraints', () => {
    const rules = fieldRules(stringRules.Username, username, zh);
    const { minLength, maxLength } = stringRules.Username;
    expect(firstBroken(rules, '')).toBe('请输入用户名');
    expect(firstBroken(rules, 'a'.repeat(minLength - 1))).toBe(`用户名长度不能少于 ${minLength} 个字符`);
    expect(firstBroken(rules, 'a'.repeat(maxLength + 1))).toBe(`用户名长度不能超过 ${maxLength} 个字符`);
    expect(firstBroken(rules, 'bad name')).toBe('用户名格式不正确');
    expect(firstBroken(rules, 'admin')).toBeUndefined();
  });

  it('speaks the current language and uses the hint for the pattern', () => {
    const hint = { zh: '至少 8 位，包含字母和数字', en: 'At least 8 characters with letters and digits' };
    const rules = fieldRules(stringRules.NewPassword, { zh: '新密码', en: 'New password' }, en, hint);
    expect(firstBroken(rules, '')).toBe('Please enter the new password');
    expect(firstBroken(rules, 'abcdefghij')).toBe(hint.en);
    expect(firstBroken(rules, 'abcd1234')).toBeUndefined();
  });

  it('leaves a one-character minimum to the required rule', () => {
    const rules = fieldRules(stringRules.Password, { zh: '密码', en: 'Password' }, zh);
    expect(rules.some((rule) => typeof rule !== 'function' && rule.min !== undefined)).toBe(false);
    expect(firstBroken(rules, 'x')).toBeUndefined();
  });
});
