import { readServerConfig } from '../config';
import type { InvalidValuesError } from '../contract/value-check';

/** What the start says of the settings `env` gives, in the order it says it; none when it takes them. */
function problemsOf(env: Record<string, string>): InvalidValuesError['problems'] {
  try {
    readServerConfig(env);
  } catch (error) {
    return (error as InvalidValuesError).problems;
  }
  return [];
}

/** The variables the start names as bad for `env`, in the order it names them. */
export function badSettings(env: Record<string, string>): string[] {
  return problemsOf(env).map((problem) => problem.field);
}

/** The start's English message for each variable it names as bad for `env`. */
export function settingMessages(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(problemsOf(env).map((problem) => [problem.field, problem.message.en]));
}
