import type { FormRule } from 'antd';
import type { StringRule } from '../generated/constraints';
import type { LocalText } from '../generated/settings';

type Translate = (text: LocalText) => string;

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
  const rules: FormRule[] = [
    {
      required: true,
      message: t({ zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` }),
    },
  ];
  const { minLength, maxLength, pattern } = constraint;
  // A minimum of one character is already the required rule.
  if (minLength !== undefined && minLength > 1) {
    rules.push({
      min: minLength,
      message: t({
        zh: `${label.zh}长度不能少于 ${minLength} 个字符`,
        en: `The ${label.en.toLowerCase()} must be at least ${minLength} characters`,
      }),
    });
  }
  if (maxLength !== undefined) {
    rules.push({
      max: maxLength,
      message: t({
        zh: `${label.zh}长度不能超过 ${maxLength} 个字符`,
        en: `The ${label.en.toLowerCase()} must be at most ${maxLength} characters`,
      }),
    });
  }
  if (pattern !== undefined) {
    rules.push({
      pattern: new RegExp(pattern),
      message: t(
        patternHint ?? {
          zh: `${label.zh}格式不正确`,
          en: `The ${label.en.toLowerCase()} is not in the right format`,
        },
      ),
    });
  }
  return rules;
}
