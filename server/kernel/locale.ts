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

const separator = ' / ';
const han = /\p{Script=Han}/u;

/** Both languages on one line, Chinese first: for logs, the operator CLI and openapi.yaml's summaries. */
export function bilingual(text: LocalText): string {
  return `${text.zh}${separator}${text.en}`;
}

/**
 * The two languages of a `中文 / English` line (openapi.yaml's operation summaries), or null when the
 * line is not in that form: Chinese (at least one Han character) before the first ` / `, English
 * (no Han character) after it, neither part empty.
 */
export function readBilingual(line: string): LocalText | null {
  const at = line.indexOf(separator);
  if (at < 0) return null;
  const zh = line.slice(0, at).trim();
  const en = line.slice(at + separator.length).trim();
  return han.test(zh) && en !== '' && !han.test(en) ? { zh, en } : null;
}
