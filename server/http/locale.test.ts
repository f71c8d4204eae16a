import { describe, expect, it } from 'vitest';
import { pickLang } from './locale';

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
