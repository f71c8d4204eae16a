import type { FieldDescriptor, ResourceDescriptor } from './descriptors';

export type FormValues = Record<string, unknown>;
export type Entity = Readonly<Record<string, unknown>>;

/** The fields of the create or the edit form, in descriptor order (create-only ones when creating). */
export function formFields(descriptor: ResourceDescriptor, mode: 'create' | 'edit'): FieldDescriptor[] {
  return descriptor.fields.filter((field) => field.form && (mode === 'create' || !field.createOnly));
}

// An empty form shows '' in text inputs and nothing in number inputs, selects and pickers.
function emptyValue(field: FieldDescriptor): unknown {
  if (field.type === 'boolean') return false;
  if (field.type === 'array') return [];
  if (field.type === 'string' && field.options === null && !pickedWidgets.has(field.widget)) return '';
  return undefined;
}

/** String fields filled by a picker rather than typed: blank is nothing picked, not ''. */
const pickedWidgets = new Set(['datetime', 'date']);

/** What the form starts with: the entity's values when editing; defaults, else empty, when creating. */
export function initialFormValues(fields: readonly FieldDescriptor[], entity?: Entity): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    // A new item starts from the contract's default, where it has one (a user starts enabled).
    const value = entity === undefined ? field.initial : entity[field.name];
    values[field.name] = value === undefined || value === null ? emptyValue(field) : value;
  }
  return values;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Whether '' is a value the field's pattern allows (a stream URL's does not: blank means none). */
function takesEmpty(field: FieldDescriptor): boolean {
  return field.pattern === null || new RegExp(field.pattern).test('');
}

/**
 * The create / update request body: strings trimmed (passwords kept as typed), blanks sent as
 * null when the field is nullable, as '' for other strings their pattern allows empty, and left
 * out otherwise, so the server's own defaults and required checks apply.
 */
export function requestBody(fields: readonly FieldDescriptor[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (isBlank(value)) {
      if (field.nullable) body[field.name] = null;
      else if (
        field.type === 'string' &&
        field.options === null &&
        !pickedWidgets.has(field.widget) &&
        !field.required &&
        takesEmpty(field)
      )
        body[field.name] = '';
      continue;
    }
    body[field.name] = typeof value === 'string' && field.widget !== 'password' ? value.trim() : value;
  }
  return body;
}

/** Whether the form holds changes worth a warning before it is thrown away. */
export function hasUnsavedChanges(
  fields: readonly FieldDescriptor[],
  initial: FormValues,
  current: FormValues,
): boolean {
  const before = requestBody(fields, initial);
  const after = requestBody(fields, current);
  // Arrays (tags, references) compare by content; JSON keeps their order, which the form keeps too.
  return fields.some((field) => JSON.stringify(before[field.name]) !== JSON.stringify(after[field.name]));
}

/** How a row is named in confirmations and the detail title: its first table text, else its id. */
export function entityTitle(descriptor: ResourceDescriptor, entity: Entity): string {
  const named = descriptor.fields.find(
    (field) => field.table && field.type === 'string' && field.options === null,
  );
  const name = named === undefined ? undefined : entity[named.name];
  return typeof name === 'string' && name !== '' ? name : `#${String(entity.id)}`;
}

export function entityId(entity: Entity): number {
  const { id } = entity;
  if (typeof id !== 'number') throw new Error('a resource entity without a numeric id');
  return id;
}

export interface Secret {
  readonly name: string;
  readonly value: string;
}

function isObject(value: unknown): value is Entity {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Splits a create or action answer into the entity it holds (if any) and the secrets shown
 * once: an answer with an id is the entity itself; otherwise its object property is the
 * entity (`{ server, ingestKey }`) and its string properties are secrets.
 */
export function splitAnswer(answer: unknown): { entity: Entity | null; secrets: Secret[] } {
  if (!isObject(answer)) return { entity: null, secrets: [] };
  if ('id' in answer) return { entity: answer, secrets: [] };
  const entity = Object.values(answer).find(isObject) ?? null;
  const secrets = Object.entries(answer).flatMap(([name, value]) =>
    typeof value === 'string' ? [{ name, value }] : [],
  );
  return { entity, secrets };
}
