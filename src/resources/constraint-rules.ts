import type { FormRule } from 'antd';
import type { StringRule } from '../generated/constraints';
import type { LocalText } from '../generated/settings';

type Translate = (text: LocalText) => string;

/** One limit of a field, in the order antd's validator (validateFirst) reports them. */
interface FieldLimit {
  readonly check: { required: true } | { min: number } | { max: number } | { pattern: RegExp };
  readonly message: LocalText;
}

function fieldLimits(constraint: StringRule, label: LocalText, patternHint?: LocalText): FieldLimit[] {
  const limits: FieldLimit[] = [
    {
      check: { required: true },
      message: { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` },
    },
  ];
  const { minLength, maxLength, pattern } = constraint;
  // A minimum of one character is already the required rule.
  if (minLength !== undefined && minLength > 1) {
    limits.push({
      check: { min: minLength },
      message: {
        zh: `${label.zh}长度不能少于 ${minLength} 个字符`,
        en: `The ${label.en.toLowerCase()} must be at least ${minLength} characters`,
      },
    });
  }
  if (maxLength !== undefined) {
    limits.push({
      check: { max: maxLength },
      message: {
        zh: `${label.zh}长度不能超过 ${maxLength} 个字符`,
        en: `The ${label.en.toLowerCase()} must be at most ${maxLength} characters`,
      },
    });
  }
  if (pattern !== undefined) {
    limits.push({
      check: { pattern: new RegExp(pattern) },
      message: patternHint ?? {
        zh: `${label.zh}格式不正确`,
        en: `The ${label.en.toLowerCase()} is not in the right format`,
      },
    });
  }
  return limits;
}

/**
 * antd form rules for a field whose limits come from an openapi.yaml schema (through
 * src/generated/constraints.ts), each with a message naming the field. `patternHint` words
 * what the pattern asks for when "the format is wrong" would not help the reader.
 */
export function fieldRules(
  constraint: StringRule,
  label: LocalText,
  t: Translate,
  patternHint?: LocalText,
): FormRule[] {
  return fieldLimits(constraint, label, patternHint).map(({ check, message }) => ({
    ...check,
    message: t(message),
  }));
}

/** A field's limits as one check without antd's Form: the first broken limit's message, or undefined. */
export type FieldCheck = (value: string, t: Translate) => string | undefined;

/**
 * The same limits and messages as fieldRules, checked the way antd's validator does with
 * validateFirst (an empty optional value passes the other limits; lengths count characters).
 */
export function fieldCheck(constraint: StringRule, label: LocalText, patternHint?: LocalText): FieldCheck {
  const limits = fieldLimits(constraint, label, patternHint);
  return (value, t) => {
    const broken = limits.find(({ check }) => {
      if ('required' in check) return value === '';
      if (value === '') return false;
      if ('min' in check) return [...value].length < check.min;
      if ('max' in check) return [...value].length > check.max;
      return !check.pattern.test(value);
    });
    return broken && t(broken.message);
  };
}
