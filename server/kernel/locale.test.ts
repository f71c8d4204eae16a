import { describe, expect, it } from 'vitest';
import { bilingual, pickLang, readBilingual } from './locale';

describe('message language from Accept-Language', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['zh-CN', 'zh'],
    ['en-US', 'en'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr-FR,en;q=0.5,zh;q=0.9', 'zh'],
    ['fr-FR,en;q=0.5', 'en'],
    ['en;q=0,zh;q=0.1', 'zh'],
    ['de-DE', 'zh'],
  ])('%j → %s', (header, lang) => {
    expect(pickLang(header)).toBe(lang);
  });
});

describe('a `中文 / English` line', () => {
  it('reads both languages, splitting at the first spaced slash', () => {
    expect(readBilingual('新增AI服务器 / Add an AI server')).toEqual({
      zh: '新增AI服务器',
      en: 'Add an AI server',
    });
    expect(readBilingual('读写 / Read / write')).toEqual({ zh: '读写', en: 'Read / write' });
    expect(readBilingual(bilingual({ zh: '退出登录', en: 'Sign out' }))).toEqual({
      zh: '退出登录',
      en: 'Sign out',
    });
  });

  it.each([
    '',
    'Sign out',
    '退出登录',
    '退出登录 / ',
    ' / Sign out',
    'Sign out / 退出登录',
    '退出登录 / 退出',
  ])('is not read from %j', (line) => {
    expect(readBilingual(line)).toBeNull();
  });
});
