import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { FieldCheck } from '../../resources/constraint-rules';
import { useLocale } from '../../i18n';
import type { SecondFactorChallenge } from './use-sign-in';

// A field shows nothing until it is edited or submitted, then its first broken limit (worded
// in the current language at each render), or the server's message until it is edited again.
type Shown = 'nothing' | 'check' | { readonly server: string };

export interface LoginFieldProps {
  readonly id: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  readonly status: 'error' | undefined;
  readonly 'aria-invalid': boolean;
  readonly 'aria-describedby': string | undefined;
}

export interface SignInFormProps {
  /** Values typed before the form was there (into the page the server sent), by field name. */
  readonly typed?: Readonly<Record<string, string>> | undefined;
  /** A right password or SMS code of a user with a second factor: the step it still wants. */
  readonly onSecondFactor?: ((challenge: SecondFactorChallenge) => void) | undefined;
}

/**
 * The sign-in forms' fields without antd's Form (whose code the sign-in page's JS budget
 * cannot carry): values, checks on every change and on submit (the limits of
 * src/resources/constraint-rules.ts), the server's field messages, and the props that tie each input
 * to its message (aria-describedby, as antd's Form.Item does).
 */
export function useLoginFields<Name extends string>(
  checks: Readonly<Record<Name, FieldCheck>>,
  typed: SignInFormProps['typed'] = {},
) {
  const { t } = useLocale();
  const names = Object.keys(checks) as Name[];
  const idPrefix = useId();
  const [values, setValues] = useState(
    () => Object.fromEntries(names.map((name) => [name, typed[name] ?? ''])) as Record<Name, string>,
  );
  const [shown, setShown] = useState<Partial<Record<Name, Shown>>>({});

  const errorOf = (name: Name): string | undefined => {
    const state = shown[name] ?? 'nothing';
    if (state === 'nothing') return undefined;
    if (state === 'check') return checks[name](values[name], t);
    return state.server;
  };
  const messageId = (name: Name): string => `${idPrefix}-${name}-message`;

  return {
    /** The form's fields: what a call passes as `formFields`, so that no toast repeats their server messages. */
    names,
    values,
    errorOf,
    messageId,
    /** Props for the input of `name`. */
    field(name: Name): LoginFieldProps {
      const error = errorOf(name);
      return {
        id: `${idPrefix}-${name}`,
        name,
        value: values[name],
        onChange: (event) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [name]: value }));
          setShown((current) => ({ ...current, [name]: 'check' }));
        },
        status: error === undefined ? undefined : 'error',
        'aria-invalid': error !== undefined,
        'aria-describedby': error === undefined ? undefined : messageId(name),
      };
    },
    /** Checks `only` (default: every field) and shows their messages; gives the values when all pass. */
    validate(only: readonly Name[] = names): Record<Name, string> | undefined {
      setShown((current) => ({ ...current, ...Object.fromEntries(only.map((name) => [name, 'check'])) }));
      return only.every((name) => checks[name](values[name], t) === undefined) ? values : undefined;
    },
    /** Puts the server's messages under the fields they name; other names are ignored. */
    showServerErrors(messages: Readonly<Record<string, string | undefined>>): void {
      const onFields = names.flatMap((name) => {
        const message = messages[name];
        return message === undefined ? [] : [[name, { server: message }] as const];
      });
      if (onFields.length > 0) setShown((current) => ({ ...current, ...Object.fromEntries(onFields) }));
    },
  };
}
