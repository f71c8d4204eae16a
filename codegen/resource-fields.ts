import { shown, type Segment } from './diagnostics';
import type {
  FieldDescriptor,
  FieldOption,
  FieldRange,
  FieldReference,
  FieldUpload,
  Widget,
} from '../src/resources/descriptors';
import type { LocalText, ResourceFieldEntry } from './manifest';
import {
  deref,
  isObject,
  operationsById,
  parametersOf,
  queryParameter,
  type JsonObject,
  type OperationInfo,
} from '../contract/document';
import {
  describe,
  factsOf,
  isNumeric,
  numberOrNull,
  propertyFacts,
  stringOrNull,
  type Facts,
  type NamedSchema,
} from './schema-facts';

// One manifest field resolved against the resource's row, input and list schemas.

export type FieldType = FieldDescriptor['type'];
/** The type of an array field's items. */
export type ItemType = NonNullable<FieldDescriptor['itemType']>;
type Filter = NonNullable<FieldDescriptor['filter']>;

/** What a widget draws, and so the openapi type it needs. The schema's widget enum lists these keys. */
interface WidgetRule {
  readonly needs: string;
  readonly fits: (facts: Facts) => boolean;
}
const plainString: WidgetRule = {
  needs: 'a string without enum',
  fits: (s) => s.type === 'string' && s.enum === null,
};
const stringEnum: WidgetRule = {
  needs: 'a string enum',
  fits: (s) => s.type === 'string' && s.enum !== null,
};

const fileField: WidgetRule = {
  needs: 'an integer or a string with x-upload naming its upload operation',
  fits: (s) =>
    (s.type === 'integer' || s.type === 'string') &&
    s.enum === null &&
    typeof s.schema['x-upload'] === 'string',
};

export const widgetNeeds = {
  text: plainString,
  textarea: plainString,
  password: plainString,
  number: { needs: 'an integer or a number', fits: (s: Facts) => isNumeric(s) && s.enum === null },
  select: stringEnum,
  status: stringEnum,
  datetime: {
    needs: 'a string of format date-time',
    fits: (s: Facts) => s.type === 'string' && s.format === 'date-time',
  },
  percent: {
    needs: 'a number from 0 to 100',
    fits: (s: Facts) => isNumeric(s) && s.minimum === 0 && s.maximum === 100,
  },
  ratio: {
    needs: 'a number from 0 to 1',
    fits: (s: Facts) => isNumeric(s) && s.minimum === 0 && s.maximum === 1,
  },
  ip: { needs: 'a string of format ipv4', fits: (s: Facts) => s.type === 'string' && s.format === 'ipv4' },
  switch: { needs: 'a boolean', fits: (s: Facts) => s.type === 'boolean' },
  date: { needs: 'a string of format date', fits: (s: Facts) => s.type === 'string' && s.format === 'date' },
  reference: {
    needs: 'an integer id',
    fits: (s: Facts) => s.type === 'integer' && s.enum === null,
  },
  references: {
    needs: 'an array of integer ids',
    fits: (s: Facts) => s.type === 'array' && s.items?.type === 'integer',
  },
  tags: {
    needs: 'an array of strings',
    fits: (s: Facts) => s.type === 'array' && s.items?.type === 'string',
  },
  image: fileField,
  file: fileField,
  boxes: {
    needs: 'an array of objects with x, y, width and height',
    fits: (s: Facts) => {
      const properties = s.items?.type === 'object' ? s.items.schema.properties : undefined;
      return isObject(properties) && boxSides.every((side) => side in properties);
    },
  },
} as const satisfies Record<Widget, WidgetRule>;

/** A detection box's place in the frame: the properties the `boxes` widget reads. */
const boxSides = ['x', 'y', 'width', 'height'];

/** The widgets that upload a file into the field and show it from its id. */
const uploadWidgets: readonly string[] = ['image', 'file'];

const referenceWidgets: readonly string[] = ['reference', 'references'];

const fieldTypes: readonly string[] = [
  'string',
  'integer',
  'number',
  'boolean',
  'array',
] satisfies FieldType[];
const itemTypes: readonly string[] = ['string', 'integer'] satisfies ItemType[];
const filters: readonly string[] = ['contains', 'equals'] satisfies Filter[];

const accessKeyPattern = /^KEY(\.[A-Z][A-Z0-9_]*)+$/;

/** Reports a problem at a pointer below the entry being resolved. */
export type Report = (at: readonly Segment[], message: string) => void;

export interface FieldContext {
  readonly report: Report;
  readonly openapi: unknown;
  readonly row: NamedSchema | null;
  /** The create body (else the update body): what the form sends. */
  readonly input: NamedSchema | null;
  /** The update body when it differs from the create body (it lacks the create-only fields). */
  readonly updateInput?: NamedSchema | null;
  readonly list: OperationInfo | undefined;
  readonly exporter: OperationInfo | undefined;
  readonly sortValues: readonly string[];
  /** Labels of the manifest's access keys: an enum of access keys takes them as its option labels. */
  readonly accessKeyLabels?: ReadonlyMap<string, LocalText>;
  /** The resource's choices operation, which its reference fields pick through. */
  readonly choices?: OperationInfo | undefined;
  /** The manifest's resource names, which reference fields point at. */
  readonly resourceNames?: ReadonlySet<string>;
}

export function resolveField(field: ResourceFieldEntry, context: FieldContext): FieldDescriptor {
  const { report, openapi, row, input, list } = context;
  const shows = (place: ResourceFieldEntry['show'][number]): boolean => field.show.includes(place);
  const [table, search, detail] = [shows('table'), shows('search'), shows('detail')];
  // Every labelled row field is a CSV column; `export` lists one that no screen shows.
  const exported = table || detail || shows('export');
  const createOnly = shows('create') && !shows('form');
  const form = shows('form') || createOnly;

  const rowFacts = row === null ? null : propertyFacts(openapi, row, field.name);
  if (exported && row !== null && rowFacts === null) report(['name'], `not a property of ${row.name}`);

  const inputFacts = input === null ? null : propertyFacts(openapi, input, field.name);
  if (form && input === null)
    report(['show'], 'shown in the form, but the resource has no create or update operation');
  if (form && input !== null && inputFacts === null) {
    report(['name'], `not a property of ${input.name}, the create and update body`);
  }
  const updateInput = context.updateInput ?? null;
  if (updateInput !== null && inputFacts !== null) {
    const inUpdate = propertyFacts(openapi, updateInput, field.name) !== null;
    if (shows('form') && !inUpdate) {
      report(
        ['show'],
        `in the form, but ${updateInput.name} (the update body) lacks it: show it in "create" only`,
      );
    }
    if (createOnly && inUpdate) {
      report(
        ['show'],
        `in "create" only, but ${updateInput.name} (the update body) takes it too: show it in "form"`,
      );
    }
  }

  let filter: Filter | null = null;
  let range: FieldRange | null = null;
  let searchFacts: Facts | null = null;
  if (search && list !== undefined) {
    const parameter = queryParameter(openapi, list, field.name);
    const how = parameter?.['x-filter'];
    const bounds = rangeBounds(openapi, list, field.name);
    let filteredBy: readonly string[] = [];
    if (parameter === null && bounds.length === 0)
      report(
        ['show'],
        `shown in search, but ${list.id} has no query parameter ${shown(field.name)} (nor a range: two with x-field ${shown(field.name)} and x-filter from and to)`,
      );
    else if (parameter === null) {
      range = resolveRange(field.name, list, bounds, rowFacts, context);
      if (range !== null) {
        filter = 'range';
        filteredBy = [range.from, range.to];
        searchFacts = factsOf(
          `query parameter ${range.from} of ${list.id}`,
          deref(openapi, queryParameter(openapi, list, range.from)?.schema),
        );
      }
    } else if (typeof how !== 'string' || !filters.includes(how)) {
      report(
        ['show'],
        `query parameter ${shown(field.name)} of ${list.id} needs x-filter contains or equals, not ${shown(how)} (a range is two parameters with x-field ${shown(field.name)})`,
      );
    } else {
      filter = how as Filter;
      filteredBy = [field.name];
      searchFacts = factsOf(`query parameter ${field.name} of ${list.id}`, deref(openapi, parameter.schema));
    }
    const exporter = context.exporter;
    for (const name of filteredBy) {
      if (exporter !== undefined && queryParameter(openapi, exporter, name) === null) {
        report(
          ['show'],
          `shown in search, but ${exporter.id} has no query parameter ${shown(name)}, so the export would not filter by it`,
        );
      }
    }
  }

  // The form's schema rules the field's rules; otherwise what a row holds; a search-only field has
  // its parameter. Where that schema is missing (reported above) the widget is not checked.
  const primary = form ? inputFacts : exported ? rowFacts : searchFacts;
  if (rowFacts !== null && inputFacts !== null && rowFacts.type !== inputFacts.type) {
    report(
      ['name'],
      `${inputFacts.where} is ${describe(inputFacts)} but ${rowFacts.where} is ${describe(rowFacts)}`,
    );
  }
  const facts = primary ?? factsOf('', {});
  if (primary !== null) checkWidget(field, primary, report);
  // An array's lengths, pattern and enum are its items'.
  const valueFacts = facts.items ?? facts;
  const options =
    primary === null ? null : fieldOptions(field, valueFacts, report, context.accessKeyLabels ?? new Map());
  const reference = resolveReference(field, rowFacts, table || detail, context);

  const upload =
    primary !== null && uploadWidgets.includes(field.widget) ? resolveUpload(openapi, primary, report) : null;
  const requiredInput =
    form && input !== null && Array.isArray(input.schema.required) ? input.schema.required : [];
  const description = stringOrNull(facts.schema.description) ?? stringOrNull(rowFacts?.schema.description);
  return {
    name: field.name,
    label: field.label,
    widget: field.widget,
    table,
    search,
    form,
    createOnly,
    detail,
    type: fieldType(facts),
    itemType:
      facts.items !== null && itemTypes.includes(facts.items.type ?? '')
        ? (facts.items.type as ItemType)
        : null,
    maxItems: facts.type === 'array' ? numberOrNull(facts.schema.maxItems) : null,
    required: requiredInput.includes(field.name),
    nullable: (rowFacts ?? facts).nullable,
    minLength: numberOrNull(valueFacts.schema.minLength),
    maxLength: numberOrNull(valueFacts.schema.maxLength),
    pattern: stringOrNull(valueFacts.schema.pattern),
    minimum: facts.minimum,
    maximum: facts.maximum,
    format: facts.format,
    options,
    sortable: context.sortValues.includes(field.name),
    filter,
    range,
    upload,
    reference,
    // Block-style YAML descriptions end in a newline that no screen wants to show.
    description: description?.trim() ?? null,
    initial: form ? scalarOrNull(inputFacts?.schema.default) : null,
  };
}

function scalarOrNull(value: unknown): string | number | boolean | null {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

/** The descriptor's type of a schema; one of another type is reported by checkWidget. */
export function fieldType(facts: Facts): FieldType {
  return (fieldTypes.includes(facts.type ?? '') ? facts.type : 'string') as FieldType;
}

export function checkWidget(field: Pick<ResourceFieldEntry, 'widget'>, facts: Facts, report: Report): void {
  if (facts.type === null || !fieldTypes.includes(facts.type)) {
    report(
      ['name'],
      `${facts.where} is ${describe(facts)}; a field must be a string, integer, number, boolean or array`,
    );
    return;
  }
  const rule: WidgetRule | undefined = widgetNeeds[field.widget];
  if (rule !== undefined && !rule.fits(facts)) {
    report(
      ['widget'],
      `widget ${shown(field.widget)} needs ${rule.needs}, but ${facts.where} is ${describe(facts)}`,
    );
  }
}

/**
 * A reference field's target, a resource of the manifest, and its choices: the resource's choices
 * operation must offer the field (its `field` parameter's enum); the label property must be in the
 * row when the table or detail shows the field.
 */
function resolveReference(
  field: ResourceFieldEntry,
  rowFacts: Facts | null,
  shownInRow: boolean,
  context: FieldContext,
): FieldReference | null {
  const { report, choices } = context;
  const wanted = referenceWidgets.includes(field.widget);
  if (field.reference === undefined) {
    if (wanted) report([], `widget ${shown(field.widget)} needs a reference: { resource, label }`);
    return null;
  }
  if (!wanted) {
    report(['reference'], `only the widgets reference and references take a reference`);
    return null;
  }
  const { resource, label } = field.reference;
  if (context.resourceNames !== undefined && !context.resourceNames.has(resource)) {
    report(['reference', 'resource'], `unknown resource ${shown(resource)} (not in resources)`);
    return null;
  }
  const offered = choices === undefined ? [] : choiceFields(context.openapi, choices);
  if (choices === undefined) {
    report(['reference'], `the resource has no choices operation (operations.choices) to pick from`);
  } else if (!offered.includes(field.name)) {
    report(
      ['reference'],
      `${choices.id} does not offer it: its query parameter field has no enum value ${shown(field.name)}`,
    );
  }
  const labelFacts = context.row === null ? null : propertyFacts(context.openapi, context.row, label);
  const many = field.widget === 'references';
  const fits =
    labelFacts !== null &&
    (many
      ? labelFacts.type === 'array' && labelFacts.items?.type === 'string'
      : labelFacts.type === 'string');
  if (shownInRow && context.row !== null && !fits) {
    report(
      ['reference', 'label'],
      labelFacts === null
        ? `not a property of ${context.row.name}`
        : `${labelFacts.where} is ${describe(labelFacts)}, not ${many ? 'an array of strings' : 'a string'}`,
    );
  }
  if (rowFacts !== null && rowFacts.nullable && many) {
    report(['name'], `${rowFacts.where} is nullable; an array of references is empty instead`);
  }
  return choices === undefined ? null : { resource, label, choices: choices.path };
}

/** The reference fields a choices operation offers: the enum of its `field` query parameter. */
function choiceFields(openapi: unknown, choices: OperationInfo): string[] {
  const values = deref(openapi, queryParameter(openapi, choices, 'field')?.schema).enum;
  return Array.isArray(values) ? values.map(String) : [];
}

/** The enum's values in openapi order with their manifest labels; every value needs one. */
export function fieldOptions(
  field: Pick<ResourceFieldEntry, 'options'>,
  facts: Facts,
  report: Report,
  accessKeyLabels: ReadonlyMap<string, LocalText>,
): FieldOption[] | null {
  if (facts.enum === null) {
    if (field.options !== undefined) report(['options'], `has options, but ${facts.where} is not an enum`);
    return null;
  }
  const values = facts.enum.map(String);
  // An enum of access keys (AccessKey) is labelled by the manifest's accessKeys; options may override.
  // A key missing from accessKeys is reported by the AccessKey cross-check, not here once more.
  const ofAccessKeys = values.some((value) => accessKeyLabels.has(value));
  const keyLabels = Object.fromEntries(
    values.flatMap((value) => {
      const label = accessKeyLabels.get(value);
      return label === undefined ? [] : [[value, label]];
    }),
  );
  const labels: Readonly<Record<string, { zh: string; en: string; color?: string }>> = {
    ...keyLabels,
    ...field.options,
  };
  const unlabelled = values.filter(
    (value) => labels[value] === undefined && !(ofAccessKeys && accessKeyPattern.test(value)),
  );
  if (unlabelled.length > 0) {
    report(
      field.options === undefined ? [] : ['options'],
      `no option label for ${unlabelled.map(shown).join(', ')} (values of ${facts.where})`,
    );
  }
  for (const value of Object.keys(labels)) {
    if (!values.includes(value)) {
      report(
        ['options', value],
        `${shown(value)} is not a value of ${facts.where} (${values.map(shown).join(', ')})`,
      );
    }
  }
  return values.map((value) => {
    const option = labels[value];
    return {
      value,
      label: { zh: option?.zh ?? value, en: option?.en ?? value },
      color: option?.color ?? null,
    };
  });
}

/** The list's query parameters that bound a range of the field: those with `x-field: <field>`. */
function rangeBounds(openapi: unknown, list: OperationInfo, field: string): JsonObject[] {
  return parametersOf(openapi, list).filter(
    (parameter) => parameter.in === 'query' && parameter['x-field'] === field,
  );
}

/** One `from` and one `to` bound, each of the field's own type; null (reported) otherwise. */
function resolveRange(
  field: string,
  list: OperationInfo,
  bounds: readonly JsonObject[],
  rowFacts: Facts | null,
  context: FieldContext,
): FieldRange | null {
  const { report, openapi } = context;
  let ok = true;
  const named = (end: 'from' | 'to') =>
    bounds.filter((bound) => bound['x-filter'] === end).map((bound) => String(bound.name));
  for (const bound of bounds) {
    const how = bound['x-filter'];
    if (how !== 'from' && how !== 'to') {
      ok = false;
      report(
        ['show'],
        `query parameter ${shown(bound.name)} of ${list.id} has x-field ${shown(field)}, so it needs x-filter from or to, not ${shown(how)}`,
      );
    }
    const facts = factsOf(
      `query parameter ${String(bound.name)} of ${list.id}`,
      deref(openapi, bound.schema),
    );
    if (rowFacts !== null && (facts.type !== rowFacts.type || facts.format !== rowFacts.format)) {
      ok = false;
      report(
        ['show'],
        `${facts.where} bounds ${shown(field)}, so it must be ${describe({ ...rowFacts, nullable: false, enum: null })}, not ${describe(facts)}`,
      );
    }
  }
  const [from, to] = [named('from'), named('to')];
  for (const [end, other, names] of [
    ['from', 'to', from],
    ['to', 'from', to],
  ] as const) {
    if (names.length > 1) {
      ok = false;
      report(['show'], `${list.id} bounds ${shown(field)} ${end} twice: ${names.map(shown).join(', ')}`);
    }
    if (names.length === 0 && bounds.some((bound) => bound['x-filter'] === other)) {
      ok = false;
      report(
        ['show'],
        `${list.id} bounds ${shown(field)} ${other} but not ${end}: a range needs a query parameter with x-filter ${end} and x-field ${shown(field)}`,
      );
    }
  }
  const [first] = from;
  const [last] = to;
  return ok && first !== undefined && last !== undefined ? { from: first, to: last } : null;
}

/** The upload operation a file field's `x-upload` names: multipart, one encoded part, a GET at path/{id}. */
function resolveUpload(openapi: unknown, facts: Facts, report: Report): FieldUpload | null {
  const id = facts.schema['x-upload'];
  if (typeof id !== 'string') return null;
  const byId = operationsById(openapi);
  const info = byId.get(id);
  const problem = (message: string) => {
    report(['name'], `${facts.where} has x-upload ${shown(id)}, ${message}`);
    return null;
  };
  if (info === undefined) return problem('which is not an operationId of openapi.yaml');
  const body = deref(openapi, info.operation.requestBody);
  const media = isObject(body.content) ? body.content['multipart/form-data'] : undefined;
  const encoding = isObject(media) && isObject(media.encoding) ? Object.entries(media.encoding) : [];
  const [[name, part] = []] = encoding;
  if (info.method !== 'post' || encoding.length !== 1 || name === undefined || !isObject(part))
    return problem('which is not a POST with a multipart/form-data body of one encoded part');
  const accept = String(part.contentType ?? '')
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');
  const maxBytes = numberOrNull(part['x-max-bytes']);
  if (accept.length === 0 || maxBytes === null)
    return problem('whose file part lacks a contentType or x-max-bytes');
  const download = `${info.path}/{id}`;
  const served = [...byId.values()].some((other) => other.method === 'get' && other.path === download);
  if (!served) return problem(`but no GET ${download} serves its files`);
  return { operation: id, path: info.path, part: name, download, accept, maxBytes };
}
