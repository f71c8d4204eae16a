/** What the home page remembers of each user's answers, per browser. */
export interface HomePrefs {
  /** The setup checklist was hidden (不再显示) or seen with every step done. */
  readonly checklistClosed: boolean;
  /** The desktop notification offer was answered (either way): it is not made again. */
  readonly desktopOffered: boolean;
}

const noPrefs: HomePrefs = { checklistClosed: false, desktopOffered: false };

export const homePrefsKey = (userId: number) => `CFOP_HOME_${userId}`;

/** The stored answers; anything unreadable counts as unanswered. */
export function parseHomePrefs(stored: string | null): HomePrefs {
  if (stored === null) return noPrefs;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return noPrefs;
  }
  if (typeof parsed !== 'object' || parsed === null) return noPrefs;
  const record = parsed as Record<string, unknown>;
  return { checklistClosed: record.checklistClosed === true, desktopOffered: record.desktopOffered === true };
}

export function readHomePrefs(userId: number): HomePrefs {
  try {
    return parseHomePrefs(localStorage.getItem(homePrefsKey(userId)));
  } catch {
    return noPrefs;
  }
}

/** Stores one more answer; answers the prefs now. */
export function rememberHomePref(userId: number, answer: Partial<HomePrefs>): HomePrefs {
  const next = { ...readHomePrefs(userId), ...answer };
  try {
    localStorage.setItem(homePrefsKey(userId), JSON.stringify(next));
  } catch {
    // Private windows may refuse storage: the answer then lasts until the page closes.
  }
  return next;
}
