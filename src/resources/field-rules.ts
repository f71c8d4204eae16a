import type { FormRule } from 'antd';
import type { FieldDescriptor } from './descriptors';
import type { LocalText } from '../generated/settings';
import { fieldRules } from './constraint-rules';

type Translate = (text: LocalText) => string;

// The format ajv-formats checks on the server for `format: ipv4`.
const ipv4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

const textWidgets = new Set(['text', 'textarea', 'password', 'ip']);

/** A label inside an English sentence: 'Name' → 'name', acronyms kept ('IP address'). */
export function inSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

function chooseText(label: LocalText): LocalText {
  return { zh: `请选择${label.zh}`, en: `Please choose the ${inSentence(label.en)}` };
}

function uploadText(label: LocalText): LocalText {
  return { zh: `请上传${label.zh}`, en: `Please upload the ${inSentence(label.en)}` };
}

function enterText(label: LocalText): LocalText {
  return { zh: `请输入${label.zh}`, en: `Please enter the ${inSentence(label.en)}` };
}

function ipv4Text(label: LocalText): LocalText {
  return {
    zh: `${label.zh}须为有效的 IPv4 地址，如 192.168.1.10`,
    en: `The ${inSentence(label.en)} must be an IPv4 address such as 192.168.1.10`,
  };
}

export function rangeText(label: LocalText, minimum: number | null, maximum: number | null): LocalText {
  const name = inSentence(label.en);
  if (minimum !== null && maximum !== null) {
    return {
      zh: `${label.zh}须在 ${minimum} 到 ${maximum} 之间`,
      en: `The ${name} must be ${minimum} to ${maximum}`,
    };
  }
  if (minimum !== null)
    return { zh: `${label.zh}不能小于 ${minimum}`, en: `The ${name} must be at least ${minimum}` };
  return { zh: `${label.zh}不能大于 ${maximum}`, en: `The ${name} must be at most ${maximum}` };
}

function integerText(label: LocalText): LocalText {
  return { zh: `${label.zh}须为整数`, en: `The ${inSentence(label.en)} must be a whole number` };
}

// Strings share the sign-in and password forms' limits and messages (constraint-rules.ts);
// those fields are always required, a descriptor field only when its input schema says so.
function stringRules(field: FieldDescriptor, t: Translate): FormRule[] {
  const { minLength, maxLength, pattern } = field;
  const limits = fieldRules(
    { minLength: minLength ?? undefined, maxLength: maxLength ?? undefined, pattern: pattern ?? undefined },
    field.label,
    t,
  ).flatMap((rule) => {
    if (!('required' in rule)) return [rule];
    // The form sends strings trimmed, so blanks alone do not fill a required field.
    return field.required ? [{ required: true, whitespace: true, message: t(enterText(field.label)) }] : [];
  });
  if (field.format === 'ipv4' || field.widget === 'ip') {
    limits.push({ pattern: ipv4, message: t(ipv4Text(field.label)) });
  }
  return limits;
}

function numberRules(field: FieldDescriptor, t: Translate): FormRule[] {
  const rules: FormRule[] = [];
  if (field.required) rules.push({ required: true, message: t(enterText(field.label)) });
  if (field.type === 'integer') rules.push({ type: 'integer', message: t(integerText(field.label)) });
  const { minimum, maximum } = field;
  if (minimum !== null || maximum !== null) {
    rules.push({
      type: 'number',
      ...(minimum === null ? {} : { min: minimum }),
      ...(maximum === null ? {} : { max: maximum }),
      message: t(rangeText(field.label, minimum, maximum)),
    });
  }
  return rules;
}

function countText(label: LocalText, maxItems: number): LocalText {
  return { zh: `${label.zh}最多 ${maxItems} 项`, en: `At most ${maxItems} ${inSentence(label.en)}` };
}

function itemText(label: LocalText, item: string): LocalText {
  return { zh: `${label.zh}中的“${item}”格式不正确`, en: `“${item}” is not a valid ${inSentence(label.en)}` };
}

// An array field's own limits (required: at least one; maxItems), then each typed item's length and
// pattern, naming the item at fault.
function arrayRules(field: FieldDescriptor, t: Translate): FormRule[] {
  const rules: FormRule[] = [];
  if (field.required)
    rules.push({ required: true, type: 'array', min: 1, message: t(chooseText(field.label)) });
  if (field.maxItems !== null) {
    rules.push({ type: 'array', max: field.maxItems, message: t(countText(field.label, field.maxItems)) });
  }
  if (field.itemType === 'string' && field.options === null) {
    const { minLength, maxLength, pattern } = field;
    const matches = pattern === null ? null : new RegExp(pattern, 'u');
    rules.push({
      validator: async (_rule, value: unknown) => {
        const items = Array.isArray(value) ? value.map(String) : [];
        const bad = items.find(
          (item) =>
            (minLength !== null && item.length < minLength) ||
            (maxLength !== null && item.length > maxLength) ||
            (matches !== null && !matches.test(item)),
        );
        if (bad !== undefined) throw new Error(t(itemText(field.label, bad)));
      },
    });
  }
  return rules;
}

const chosenWidgets = new Set(['datetime', 'date', 'reference']);

/**
 * antd form rules for a descriptor field, every limit from openapi.yaml (through the generated
 * descriptor) with a message naming the field. Use with validateFirst, as the other forms do.
 */
export function descriptorRules(field: FieldDescriptor, t: Translate): FormRule[] {
  if (field.upload !== null) {
    return field.required ? [{ required: true, message: t(uploadText(field.label)) }] : [];
  }
  if (field.type === 'array') return arrayRules(field, t);
  if (field.options !== null || chosenWidgets.has(field.widget)) {
    return field.required ? [{ required: true, message: t(chooseText(field.label)) }] : [];
  }
  if (field.type === 'integer' || field.type === 'number') return numberRules(field, t);
  if (field.type === 'string' && textWidgets.has(field.widget)) return stringRules(field, t);
  return [];
}

/**
 * A server field message under its field: the server words it without the field
 * ('已存在' / 'already exists'), the form puts the label first ('序列号已存在').
 */
export function serverFieldMessage(label: LocalText, message: string, t: Translate): string {
  const name = t(label);
  if (message.startsWith(name)) return message;
  return t({ zh: `${label.zh}${message}`, en: `${label.en} ${message}` });
}
