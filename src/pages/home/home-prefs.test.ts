import { describe, expect, it } from 'vitest';
import { homePrefsKey, parseHomePrefs } from './home-prefs';

describe("the home page's remembered answers", () => {
  it('are kept per user', () => {
    expect(homePrefsKey(7)).not.toBe(homePrefsKey(8));
  });

  it('read back what was stored, and anything else as unanswered', () => {
    expect(parseHomePrefs('{"checklistClosed":true,"desktopOffered":true}')).toEqual({
      checklistClosed: true,
      desktopOffered: true,
    });
    const unanswered = { checklistClosed: false, desktopOffered: false };
    expect(parseHomePrefs(null)).toEqual(unanswered);
    expect(parseHomePrefs('not json')).toEqual(unanswered);
    expect(parseHomePrefs('null')).toEqual(unanswered);
    expect(parseHomePrefs('{"desktopOffered":"yes"}')).toEqual(unanswered);
  });
});
