/** A user-visible text in both console languages. */
export interface LocalText {
  readonly zh: string;
  readonly en: string;
}

export type Lang = keyof LocalText;

/** Chinese unless the caller prefers English over Chinese in Accept-Language. */
export function pickLang(acceptLanguage: string | undefined): Lang {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { primary: tag.split('-')[0], weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => (entry.primary === 'zh' || entry.primary === 'en') && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.primary === 'en' ? 'en' : 'zh';
}

/** Both languages on one line, Chinese first: for logs and the operator CLI. */
export function bilingual(text: LocalText): string {
  return `${text.zh} / ${text.en}`;
}
