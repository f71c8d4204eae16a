import type { ErrorObject } from 'ajv';
import type { FieldProblem } from './api-error';
import type { LocalText } from './locale';

/** Where the validated value came from, so a field is named the way the caller sent it. */
export interface ValueLocation {
  /** Put before every field: '' for the body, 'header.', 'query.', 'path.'. */
  readonly prefix: string;
  /** The field named when the whole value is at fault. */
  readonly rootName: string;
  /** Display names of properties (headers arrive lower-cased but are named as the contract writes them). */
  readonly displayNames?: Readonly<Record<string, string>>;
}

const typeNames: Record<string, LocalText> = {
  string: { zh: '字符串', en: 'a string' },
  number: { zh: '数字', en: 'a number' },
  integer: { zh: '整数', en: 'an integer' },
  boolean: { zh: '布尔值', en: 'a boolean' },
  object: { zh: '对象', en: 'an object' },
  array: { zh: '数组', en: 'an array' },
  null: { zh: 'null', en: 'null' },
};

/** How many fields an object may have: "one of these two" bodies say it with minProperties and maxProperties. */
const countsFields = (error: ErrorObject) =>
  error.keyword === 'minProperties' || error.keyword === 'maxProperties';

/**
 * One problem per field (the first ajv reports), each with a short bilingual reason. A count of
 * fields is named only when nothing else is wrong: a misspelt or ill-typed field is what to fix
 * first, and "too many fields" beside "not an allowed field" would say the same twice.
 */
export function describeAjvErrors(errors: readonly ErrorObject[], location: ValueLocation): FieldProblem[] {
  const byField = new Map<string, FieldProblem>();
  const onlyCounts = errors.every(countsFields);
  for (const error of errors) {
    if (countsFields(error) && !onlyCounts) continue;
    const field = fieldOf(error, location);
    if (!byField.has(field)) byField.set(field, { field, message: reasonOf(error) });
  }
  return [...byField.values()];
}

function fieldOf(error: ErrorObject, location: ValueLocation): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  if (segments.length === 0) return location.rootName;
  const [first = '', ...rest] = segments;
  const path = rest.reduce(
    (text, segment) => (/^\d+$/.test(segment) ? `${text}[${segment}]` : `${text}.${segment}`),
    location.displayNames?.[first] ?? first,
  );
  return location.prefix + path;
}

function reasonOf(error: ErrorObject): LocalText {
  const limit = String(error.params.limit);
  switch (error.keyword) {
    case 'required':
      return { zh: '必填', en: 'is required' };
    case 'additionalProperties':
      return { zh: '不允许的字段', en: 'is not an allowed field' };
    case 'type': {
      const types = ([] as string[]).concat(error.params.type as string | string[]).map((t) => typeNames[t]);
      return {
        zh: `应为${types.map((t) => t?.zh).join('或')}`,
        en: `must be ${types.map((t) => t?.en).join(' or ')}`,
      };
    }
    case 'minLength':
      return { zh: `长度不能少于 ${limit} 个字符`, en: `must be at least ${limit} characters` };
    case 'maxLength':
      return { zh: `长度不能超过 ${limit} 个字符`, en: `must be at most ${limit} characters` };
    case 'pattern':
      return { zh: '格式不正确', en: withDescription('has an invalid format', error) };
    case 'format':
      return { zh: `格式不正确（${error.params.format}）`, en: `must be a valid ${error.params.format}` };
    case 'enum': {
      const values = (error.params.allowedValues as unknown[]).map(String);
      return { zh: `必须是以下之一：${values.join('、')}`, en: `must be one of: ${values.join(', ')}` };
    }
    case 'const':
      return {
        zh: `必须等于 ${String(error.params.allowedValue)}`,
        en: `must equal ${String(error.params.allowedValue)}`,
      };
    case 'minimum':
      return { zh: `不能小于 ${limit}`, en: `must be at least ${limit}` };
    case 'maximum':
      return { zh: `不能大于 ${limit}`, en: `must be at most ${limit}` };
    case 'exclusiveMinimum':
      return { zh: `必须大于 ${limit}`, en: `must be greater than ${limit}` };
    case 'exclusiveMaximum':
      return { zh: `必须小于 ${limit}`, en: `must be less than ${limit}` };
    case 'minProperties':
      return {
        zh: `至少需要 ${limit} 个字段`,
        en: withDescription(`must have at least ${limit} fields`, error),
      };
    case 'maxProperties':
      return { zh: `最多 ${limit} 个字段`, en: withDescription(`must have at most ${limit} fields`, error) };
    case 'minItems':
      return { zh: `至少需要 ${limit} 项`, en: `must have at least ${limit} items` };
    case 'maxItems':
      return { zh: `最多 ${limit} 项`, en: `must have at most ${limit} items` };
    case 'uniqueItems':
      return { zh: '不能有重复项', en: 'must not contain duplicates' };
    default:
      return {
        zh: `不合法（${error.message ?? error.keyword}）`,
        en: error.message ?? `fails ${error.keyword}`,
      };
  }
}

/** English gains the schema's own description (the contract writes them in English). */
function withDescription(reason: string, error: ErrorObject): string {
  const description = (error.parentSchema as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? `${reason} (${description.trim()})` : reason;
}
