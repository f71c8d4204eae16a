import { describe, expect, it } from 'vitest';
import type { LocalText } from '../generated/settings';
import { documentTitle } from './document-title';

const zh = (text: LocalText) => text.zh;
const en = (text: LocalText) => text.en;

describe('documentTitle', () => {
  const name = { zh: 'AI服务器', en: 'AI servers' };

  it('puts the route name before the product title, in the current language', () => {
    expect(documentTitle(name, zh)).toBe('AI服务器 - 运营平台');
    expect(documentTitle(name, en)).toBe('AI servers - Operations Platform');
  });

  it('is the bare product title without a route', () => {
    expect(documentTitle(undefined, zh)).toBe('运营平台');
  });
});
