import type { FieldProblem } from './api-error';

/** The process's environment, as the start reads it. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A numeric setting: its default, its range and, for the message, what it counts. */
export interface NumberSetting {
  readonly fallback: number;
  /** The least value allowed; without it, any value above 0. */
  readonly min?: number;
  readonly max: number;
  /** Only whole numbers (always so with `min`). */
  readonly whole?: boolean;
  /** What the number is, for the message: default 整数 / a whole number, or 数 / a number. */
  readonly noun?: { readonly zh: string; readonly en: string };
}

/** The range of a number of days something is kept (alerts, removed files, recordings). */
export const keptDays = {
  min: 1,
  max: 3650,
  noun: { zh: '整数天数', en: 'a whole number of days' },
} as const satisfies Omit<NumberSetting, 'fallback'>;

export const wholeSeconds = { zh: '整数秒数', en: 'a whole number of seconds' } as const;
export const wholeHours = { zh: '整数小时数', en: 'a whole number of hours' } as const;

/**
 * What a domain reads its settings with. A bad value is reported, not thrown, and the reader
 * answers the default: the start names every bad variable of every domain at once.
 */
export interface SettingsReader {
  /** The variable's text; an empty variable counts as unset, as `FOO= npm start` means. */
  text(name: string): string | undefined;
  /** The variable exactly as set (a password keeps its spaces). */
  raw(name: string): string | undefined;
  /** The variable's number, or its fallback; a value out of range is reported. */
  number(name: string, setting: NumberSetting): number;
  /** The variable naming one of `choices`; undefined when unset. */
  oneOf<T extends string>(name: string, choices: readonly T[]): T | undefined;
  /** Reports the variable `field` as bad, in both languages. */
  bad(field: string, zh: string, en: string): void;
}

/** A reader of `env` that adds what is bad to `problems`, in the order the settings are read. */
export function settingsReader(env: Env, problems: FieldProblem[]): SettingsReader {
  const bad = (field: string, zh: string, en: string) => problems.push({ field, message: { zh, en } });
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  return {
    text,
    raw: (name) => env[name],
    bad,
    number(name, setting) {
      const value = Number(text(name) ?? setting.fallback);
      const { min, max } = setting;
      const whole = setting.whole ?? min !== undefined;
      const inRange = (min === undefined ? value > 0 : value >= min) && value <= max;
      if (inRange && (!whole || Number.isInteger(value))) return value;
      const noun =
        setting.noun ?? (whole ? { zh: '整数', en: 'a whole number' } : { zh: '数', en: 'a number' });
      if (min === undefined)
        bad(name, `应为大于 0、不超过 ${max} 的${noun.zh}`, `must be ${noun.en} above 0 and at most ${max}`);
      else bad(name, `应为 ${min} 到 ${max} 的${noun.zh}`, `must be ${noun.en} from ${min} to ${max}`);
      return setting.fallback;
    },
    oneOf<T extends string>(name: string, choices: readonly T[]) {
      const value = text(name);
      if (value === undefined || (choices as readonly string[]).includes(value))
        return value as T | undefined;
      bad(name, `必须是以下之一：${choices.join('、')}`, `must be one of: ${choices.join(', ')}`);
      return undefined;
    },
  };
}
