/**
 * Strings matching a JSON Schema `pattern`, so the suites computed from openapi.yaml can fill a
 * field a maintainer just added without asking for `examples`. It reads the subset such patterns
 * use (anchors, literals and escapes, classes, `.`, groups, `|`, the quantifiers) and refuses
 * lookarounds and back-references by name: a value for those takes `examples` in openapi.yaml.
 * The caller checks every string against the schema (lengths, formats) with the validator itself.
 */

export class PatternSampleError extends Error {
  override name = 'PatternSampleError';
}

type Node =
  | { readonly kind: 'char'; readonly pick: string }
  | { readonly kind: 'alt'; readonly options: readonly Node[][] }
  | { readonly kind: 'repeat'; readonly node: Node; readonly min: number; readonly max: number };

/** Characters tried for a class, an escape or `.`, after the class's own characters. */
const commonChars = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'_-.:/@+ ',
  '中',
];

/** How many times each quantifier repeats, for each candidate (clamped to its bounds). */
const repeatCounts = [1, 0, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64];

/**
 * Candidate strings for `pattern`, shortest choices first. Each matches the pattern; lengths vary
 * so one of them meets the schema's minLength and maxLength. Throws PatternSampleError for syntax
 * it cannot generate.
 */
export function patternSamples(pattern: string): string[] {
  const tree = new PatternReader(pattern).read();
  const widest = Math.max(1, widestAlternation(tree));
  const samples = new Set<string>();
  for (let option = 0; option < widest; option += 1) {
    for (const count of repeatCounts) samples.add(write(tree, { option, count }));
  }
  const matcher = new RegExp(pattern, 'u');
  return [...samples].filter((sample) => matcher.test(sample));
}

interface Choice {
  /** Which option of every `|` (the last one when it has fewer). */
  readonly option: number;
  readonly count: number;
}

function write(node: Node, choice: Choice): string {
  switch (node.kind) {
    case 'char':
      return node.pick;
    case 'alt': {
      const option = node.options[Math.min(choice.option, node.options.length - 1)] ?? [];
      return option.map((part) => write(part, choice)).join('');
    }
    case 'repeat': {
      const times = Math.min(Math.max(choice.count, node.min), node.max);
      return write(node.node, choice).repeat(times);
    }
  }
}

function widestAlternation(node: Node): number {
  switch (node.kind) {
    case 'char':
      return 0;
    case 'alt':
      return Math.max(node.options.length, ...node.options.flat().map(widestAlternation));
    case 'repeat':
      return widestAlternation(node.node);
  }
}

/** One character matching `atom` (a class, an escape or `.`), preferring `own` characters. */
function pickFor(atom: string, own: readonly string[], pattern: string): Node {
  let matcher: RegExp;
  try {
    matcher = new RegExp(`^(?:${atom})$`, 'u');
  } catch {
    throw new PatternSampleError(`${pattern}: cannot read ${atom}`);
  }
  const pick = [...own, ...commonChars].find((char) => matcher.test(char));
  if (pick === undefined) throw new PatternSampleError(`${pattern}: no character found for ${atom}`);
  return { kind: 'char', pick };
}

const literalEscapes: Readonly<Record<string, string>> = {
  t: '\t',
  n: '\n',
  r: '\r',
  f: '\f',
  v: '\v',
  0: '\0',
};
const classEscapes = new Set(['d', 'D', 'w', 'W', 's', 'S']);

/** A recursive-descent reader of the pattern, one code point at a time (patterns are `u` mode). */
class PatternReader {
  private readonly chars: readonly string[];
  private at = 0;

  constructor(private readonly pattern: string) {
    this.chars = Array.from(pattern);
  }

  read(): Node {
    const tree = this.alternation();
    if (this.at < this.chars.length) this.fail(`unexpected "${this.peek()}"`);
    return tree;
  }

  private peek(): string | undefined {
    return this.chars[this.at];
  }

  private next(): string {
    const char = this.chars[this.at];
    if (char === undefined) this.fail('ends too early');
    this.at += 1;
    return char;
  }

  private fail(problem: string): never {
    throw new PatternSampleError(`${this.pattern}: ${problem}`);
  }

  private alternation(): Node {
    const options: Node[][] = [this.sequence()];
    while (this.peek() === '|') {
      this.at += 1;
      options.push(this.sequence());
    }
    return { kind: 'alt', options };
  }

  private sequence(): Node[] {
    const parts: Node[] = [];
    for (let char = this.peek(); char !== undefined && char !== '|' && char !== ')'; char = this.peek()) {
      const atom = this.atom();
      if (atom !== null) parts.push(this.quantified(atom));
    }
    return parts;
  }

  /** The next atom, or null for an assertion that matches no character (`^`, `$`, `\b`). */
  private atom(): Node | null {
    const char = this.next();
    switch (char) {
      case '^':
      case '$':
        return null;
      case '.':
        return pickFor('.', [], this.pattern);
      case '[':
        return this.characterClass();
      case '(':
        return this.group();
      case '\\':
        return this.escape();
      default:
        return { kind: 'char', pick: char };
    }
  }

  private group(): Node {
    if (this.peek() === '?') {
      this.at += 1;
      const kind = this.next();
      if (kind === '<' && this.peek() !== '=' && this.peek() !== '!') {
        this.through('>');
      } else if (kind !== ':') {
        this.fail('lookarounds cannot be generated; give the schema examples');
      }
    }
    const inner = this.alternation();
    if (this.next() !== ')') this.fail('a group is not closed');
    return inner;
  }

  private escape(): Node | null {
    const char = this.next();
    if (char === 'b' || char === 'B') return null;
    if (classEscapes.has(char)) return pickFor(`\\${char}`, [], this.pattern);
    if (char === 'p' || char === 'P') {
      const name = this.through('}');
      return pickFor(`\\${char}${name}`, [], this.pattern);
    }
    if (/^[1-9]$/.test(char) || char === 'k')
      this.fail('back-references cannot be generated; give the schema examples');
    return { kind: 'char', pick: this.escapedChar(char) };
  }

  /** The character an escape outside `\d`-like classes stands for (`\.`, `\u4e00`, `\x41`, `\n`). */
  private escapedChar(char: string): string {
    if (char === 'u' && this.peek() === '{')
      return String.fromCodePoint(parseInt(this.through('}').slice(1, -1), 16));
    if (char === 'u') return String.fromCodePoint(parseInt(this.take(4), 16));
    if (char === 'x') return String.fromCodePoint(parseInt(this.take(2), 16));
    if (char === 'c') this.fail('control escapes cannot be generated; give the schema examples');
    return literalEscapes[char] ?? char;
  }

  private take(count: number): string {
    return Array.from({ length: count }, () => this.next()).join('');
  }

  /** The text from here up to and including `end`. */
  private through(end: string): string {
    let text = '';
    for (let char = this.next(); ; char = this.next()) {
      text += char;
      if (char === end) return text;
    }
  }

  /** `[...]` after its `[`: one character of it, the class's own characters tried first. */
  private characterClass(): Node {
    const start = this.at - 1;
    const own: string[] = [];
    if (this.peek() === '^') this.at += 1;
    for (let char = this.next(); char !== ']'; char = this.next()) {
      if (char !== '\\') {
        own.push(char);
        continue;
      }
      const escaped = this.next();
      if (classEscapes.has(escaped)) continue;
      if (escaped === 'p' || escaped === 'P') {
        this.through('}');
        continue;
      }
      own.push(this.escapedChar(escaped));
    }
    return pickFor(this.chars.slice(start, this.at).join(''), own, this.pattern);
  }

  private quantified(node: Node): Node {
    const bounds = this.bounds();
    if (bounds === null) return node;
    if (this.peek() === '?') this.at += 1; // lazy: the same strings match
    return { kind: 'repeat', node, ...bounds };
  }

  private bounds(): { min: number; max: number } | null {
    const char = this.peek();
    if (char === '?' || char === '*' || char === '+') {
      this.at += 1;
      return { min: char === '+' ? 1 : 0, max: char === '?' ? 1 : Infinity };
    }
    if (char !== '{') return null;
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.chars.slice(this.at).join(''));
    // A `{` that opens no quantifier is a literal brace (allowed outside `u` mode only, but harmless).
    if (!match) return null;
    this.at += Array.from(match[0]).length;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    return { min, max };
  }
}
