import type { AccessKey } from '../generated/access';
import type { ConsoleEventName } from '../generated/console-events';
import type { LocalText } from '../generated/settings';

// What the generic screens know of a resource: its descriptor. Codegen resolves each manifest
// resource against openapi.yaml and writes, in src/generated/resources/<name>.ts, only what differs
// from the defaults below (`satisfies ResourceSource`); the screens read it through resourceOf(),
// which fills the defaults in, so every key is present wherever a descriptor is read.

/** What a field draws; the manifest schema's widget enum lists the same, codegen checks each one's type. */
export type Widget =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  | 'status'
  | 'datetime'
  | 'percent'
  | 'ratio'
  | 'ip'
  | 'switch'
  | 'date'
  | 'reference'
  | 'references'
  | 'tags'
  | 'image'
  | 'file'
  | 'boxes';

export interface FieldOption {
  readonly value: string;
  readonly label: LocalText;
  /** An antd Badge status: success, processing, default, error, warning. */
  readonly color: string | null;
}

export interface FieldUpload {
  /** The upload operationId (the kind of the files the field takes). */
  readonly operation: string;
  /** Where the file is POSTed as multipart/form-data. */
  readonly path: string;
  /** The name of the multipart part carrying the file. */
  readonly part: string;
  /** The GET serving a stored file: `path/{id}`. */
  readonly download: string;
  /** Media types the server takes, read by their first bytes. */
  readonly accept: readonly string[];
  readonly maxBytes: number;
}

export interface FieldReference {
  readonly resource: string;
  /** The row property holding the referenced item's label (labels, for references). */
  readonly label: string;
  /** The path of the field's own resource's choices operation (ids and labels, asked with `field=<name>`), under that resource's key. */
  readonly choices: string;
}

/** The two query parameters bounding a range filter: `x-filter: from` (≥) and `x-filter: to` (≤). */
export interface FieldRange {
  readonly from: string;
  readonly to: string;
}

export interface FieldDescriptor {
  readonly name: string;
  readonly label: LocalText;
  readonly widget: Widget;
  readonly table: boolean;
  readonly search: boolean;
  readonly form: boolean;
  /** In the create form only (a field of the create body that update does not take). */
  readonly createOnly: boolean;
  readonly detail: boolean;
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  /** An array's item type; minLength, maxLength, pattern and options then apply to each item. */
  readonly itemType: 'string' | 'integer' | null;
  readonly maxItems: number | null;
  /** Required in the input schema (form). */
  readonly required: boolean;
  readonly nullable: boolean;
  readonly minLength: number | null;
  readonly maxLength: number | null;
  readonly pattern: string | null;
  readonly minimum: number | null;
  readonly maximum: number | null;
  readonly format: string | null;
  /** Enum values in openapi order, labels from the manifest. */
  readonly options: readonly FieldOption[] | null;
  readonly sortable: boolean;
  /** From the list parameter's x-filter; `range`: two parameters with `x-field: <name>` and x-filter from / to. */
  readonly filter: 'contains' | 'equals' | 'range' | null;
  /** For a range filter, the query parameters of its lower (≥) and upper (≤) bound. */
  readonly range: FieldRange | null;
  /** For the image and file widgets: the upload operation named by the field's x-upload, its accepted types and x-max-bytes, and the GET serving a stored file by id. */
  readonly upload: FieldUpload | null;
  /** For widgets reference and references: where the ids point. */
  readonly reference: FieldReference | null;
  readonly description: string | null;
  /** The input schema's default: what the create form starts with. */
  readonly initial: string | number | boolean | null;
}

export interface ActionDescriptor {
  readonly name: string;
  readonly label: LocalText;
  readonly method: 'post' | 'put' | 'delete';
  readonly path: string;
  readonly confirm: LocalText | null;
  readonly showsSecret: boolean;
  /** Row field → the values it must hold for the action to show on that row; null: every row. */
  readonly when: Readonly<Record<string, readonly string[]>> | null;
  /** The form the action opens, from its operation's request body; empty: no form. */
  readonly fields: readonly FieldDescriptor[];
}

export interface ResourceDescriptor {
  readonly name: string;
  readonly title: LocalText;
  readonly access: AccessKey;
  /** The export's own key when exporting is a job apart (KEY.CENTER.AIWARN.EXPORT); null: `access`. */
  readonly exportAccess: AccessKey | null;
  readonly route: string;
  /** As in openapi.yaml, without the API base path: '/aiservers', '/aiservers/{id}'. */
  readonly paths: {
    readonly collection: string;
    readonly item: string;
    readonly export: string | null;
    readonly bulkDelete: string | null;
    /** The CSV import and its template (both or neither). */
    readonly import: string | null;
    readonly importTemplate: string | null;
  };
  /** Which operations of the manifest's `operations` the resource has. */
  readonly operations: {
    readonly list: boolean;
    readonly get: boolean;
    readonly create: boolean;
    readonly update: boolean;
    readonly delete: boolean;
    readonly bulkDelete: boolean;
    readonly export: boolean;
    readonly choices: boolean;
    /** Importing from CSV: the import and its template operations. */
    readonly import: boolean;
  };
  /** The sort parameter's default. */
  readonly defaultSort: string | null;
  /** The pageSize parameter's maximum. */
  readonly pageSizeMax: number;
  readonly fields: readonly FieldDescriptor[];
  /**
   * Search filters that are query parameters of the list and export operations but not item fields
   * (staff who passed a gate today): drawn and kept in the URL like search fields.
   */
  readonly filters: readonly FieldDescriptor[];
  readonly actions: readonly ActionDescriptor[];
  /** The console event that changes its rows on their own (a camera's stream), or null. */
  readonly liveEvent: ConsoleEventName | null;
}

/** An option without a colour shows as plain text. */
export const optionDefaults = { color: null } as const satisfies Partial<FieldOption>;

/** A field is a string shown nowhere, optional, without rules, options, filter or initial value. */
export const fieldDefaults = {
  table: false,
  search: false,
  form: false,
  createOnly: false,
  detail: false,
  type: 'string',
  itemType: null,
  maxItems: null,
  required: false,
  nullable: false,
  minLength: null,
  maxLength: null,
  pattern: null,
  minimum: null,
  maximum: null,
  format: null,
  options: null,
  sortable: false,
  filter: null,
  range: null,
  upload: null,
  reference: null,
  description: null,
  initial: null,
} as const satisfies Partial<FieldDescriptor>;

/** An action runs at once on every row, opens no form and shows no secret. */
export const actionDefaults = {
  confirm: null,
  showsSecret: false,
  when: null,
  fields: [],
} as const satisfies Partial<ActionDescriptor>;

/**
 * A resource has no export, no bulk delete, no sort default, no filters beyond its fields and no
 * actions; each operation it lacks is false.
 */
export const resourceDefaults = {
  exportAccess: null,
  paths: { export: null, bulkDelete: null, import: null, importTemplate: null },
  operations: {
    list: false,
    get: false,
    create: false,
    update: false,
    delete: false,
    bulkDelete: false,
    export: false,
    choices: false,
    import: false,
  },
  defaultSort: null,
  filters: [],
  actions: [],
  liveEvent: null,
} as const satisfies { readonly [Key in keyof ResourceDescriptor]?: Partial<ResourceDescriptor[Key]> };

/** `Full` with the keys that `Defaults` gives made optional. */
type Sparse<Full, Defaults> = Omit<Full, keyof Defaults> & Partial<Pick<Full, keyof Defaults & keyof Full>>;

export type OptionSource = Sparse<FieldOption, typeof optionDefaults>;

export interface FieldSource extends Sparse<Omit<FieldDescriptor, 'options'>, typeof fieldDefaults> {
  readonly options?: readonly OptionSource[] | null;
}

export interface ActionSource extends Sparse<Omit<ActionDescriptor, 'fields'>, typeof actionDefaults> {
  readonly fields?: readonly FieldSource[];
}

/** A resource as codegen writes it: each key (and each nested key) at its default left out. */
export interface ResourceSource extends Omit<
  ResourceDescriptor,
  'exportAccess' | 'paths' | 'operations' | 'defaultSort' | 'fields' | 'filters' | 'actions' | 'liveEvent'
> {
  readonly exportAccess?: AccessKey | null;
  readonly paths: Sparse<ResourceDescriptor['paths'], typeof resourceDefaults.paths>;
  readonly operations?: Partial<ResourceDescriptor['operations']>;
  readonly defaultSort?: string | null;
  readonly fields: readonly FieldSource[];
  readonly filters?: readonly FieldSource[];
  readonly actions?: readonly ActionSource[];
  readonly liveEvent?: ConsoleEventName | null;
}

export function fieldOf(source: FieldSource): FieldDescriptor {
  return {
    ...fieldDefaults,
    ...source,
    options: source.options?.map((option) => ({ ...optionDefaults, ...option })) ?? null,
  };
}

function actionOf(source: ActionSource): ActionDescriptor {
  return { ...actionDefaults, ...source, fields: (source.fields ?? []).map(fieldOf) };
}

const complete = new WeakMap<ResourceSource, ResourceDescriptor>();

/**
 * The descriptor with every default filled in. The same source gives the same object, so screens
 * may key memos and effects on it.
 */
export function resourceOf(source: ResourceSource): ResourceDescriptor {
  const known = complete.get(source);
  if (known !== undefined) return known;
  const descriptor: ResourceDescriptor = {
    ...resourceDefaults,
    ...source,
    paths: { ...resourceDefaults.paths, ...source.paths },
    operations: { ...resourceDefaults.operations, ...source.operations },
    fields: source.fields.map(fieldOf),
    filters: (source.filters ?? []).map(fieldOf),
    actions: (source.actions ?? []).map(actionOf),
  };
  complete.set(source, descriptor);
  return descriptor;
}

/** The key that lets one export the resource's rows. */
export const exportKeyOf = (descriptor: ResourceDescriptor): AccessKey =>
  descriptor.exportAccess ?? descriptor.access;
