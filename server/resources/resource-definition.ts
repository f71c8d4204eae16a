import type { RawBuilder } from 'kysely';
import type { Db } from '../db/open-database';
import type { FieldProblem } from '../kernel/api-error';
import type { Lang, LocalText } from '../kernel/locale';

/**
 * How one stored API field departs from the convention (kept as is in the column `snake_case(field)`).
 * Only fields with an exception are written in a definition.
 */
export interface StoredField {
  /** Default: the field's name in snake_case (`createdAt` → `created_at`), or `byLang.zh`. */
  readonly column?: string;
  /** Stored when an optional input field is absent (create, and update, which replaces the whole input). */
  readonly whenAbsent?: string | number | boolean | null;
  /** Column value → API value (0/1 → boolean, JSON text → array); default: as stored. */
  readonly fromRow?: (value: unknown) => unknown;
  /** API value → column value; default: as sent. */
  readonly toRow?: (value: unknown) => unknown;
  /**
   * A text kept in both languages: the column read, filtered and sorted by for each request language
   * (Accept-Language). `column` (default the Chinese one) is used where no request language applies.
   */
  readonly byLang?: Readonly<Record<Lang, string>>;
  /**
   * The value as list and export answers show it (a masked ID number); the item's own answers
   * (get, create, update) show it whole. Filters still compare the stored value.
   */
  readonly listed?: (value: unknown) => unknown;
  /**
   * The value as every answer shows it, the item's own included (a stream URL's password masked);
   * the server itself, and the check of which fields an update changed, read the stored value.
   */
  readonly shown?: (value: unknown) => unknown;
}

/**
 * A many-valued API field (an array) kept in a link table, one row per item and value: written with
 * the item in its transaction, answered sorted by value, filterable with `x-filter: equals` (items
 * holding that value). The link table's rows go with the item (its foreign key cascades).
 */
export interface LinkedField {
  readonly table: string;
  /** The column holding the item's id. */
  readonly ownerColumn: string;
  readonly valueColumn: string;
  /**
   * The values are ids of rows of another table: a write naming one that does not exist is a 400
   * naming the field, and each answered item gets `label`: the rows' labels, in value order.
   */
  readonly references?: ReferenceRule;
}

/** Who writes and when, for rules that depend on the caller (nobody deletes themself). */
export interface WriteScope {
  readonly db: Db;
  /** ISO time of the write. */
  readonly now: string;
  /** The signed-in caller; null for the operator CLI and the first start. */
  readonly actorId: number | null;
}

/** An item being written: `before` is null on create; `input` is the validated body. */
export interface ItemChange {
  readonly id: number | null;
  readonly before: Item | null;
  readonly input: Readonly<Record<string, unknown>>;
}

/**
 * An integer field holding the id of another table's row (a camera's AI server). A write naming an id
 * that does not exist is a 400 naming the field; answers carry the referenced row's label.
 */
export interface ReferenceRule {
  readonly table: string;
  /** What is referenced, for the message: `AI服务器` / `AI server`. */
  readonly what: LocalText;
  /** The referenced table's column naming its rows. */
  readonly labelColumn: string;
  /** A column told after the label where labels alone repeat (a model's version): `安全帽检测 1.0.1`. */
  readonly qualifierColumn?: string;
  /** The item field (not stored) answered with that label, or null when the id is null. */
  readonly label: string;
}

/** What a computed filter may depend on: the time of the request and the caller's time zone. */
export interface FilterScope {
  readonly now: Date;
  readonly timeZone: string;
}

/** A filter on something no column of the item holds: the condition on the table's rows for the value sent. */
export type QueryFilter = (value: unknown, scope: FilterScope) => RawBuilder<boolean>;

/** API item as answered: field name → value, in the order of the contract's item schema. */
export type Item = Record<string, unknown>;

/** A row of a resource's table as read: every such table is keyed by the integer column `id`. */
export type Row = { readonly id: number } & Readonly<Record<string, unknown>>;

/** Column values to write to a resource's table, by column name. */
export type Columns = Record<string, unknown>;

/**
 * Everything the generic CRUD layer needs to know about a resource that openapi.yaml does not say.
 * Field types, lengths, enums, which fields are input, filters (`x-filter`), sort orders and single
 * unique fields (`x-unique: true`) all come from the contract; this says only where the storage
 * departs from the conventions and the rules the schema cannot express.
 *
 * Conventions (see bound-resource.ts): every property of the item schema is stored in the column
 * `snake_case(property)` of the table, except the linked fields (`links`), the reference labels
 * (`references`' and links' `label`) and the `computed` fields; the table's key is the integer column
 * `id`; a stored `createdAt` / `updatedAt` is set by the layer to the current ISO time.
 */
export interface ResourceDefinition<Schema extends string = string> {
  /** Used in export file names: `<plural>-20261125.csv`. Default: the table's name, `_` as `-`. */
  readonly plural?: string;
  /** Default: the schema's name in snake_case, plural (`ParkingLot` → `parking_lots`). */
  readonly table?: string;
  /** components.schemas name of the item (the answer of get, a list's items, the CSV columns). */
  readonly schema: Schema;
  /** Stored fields departing from the convention, by field name. */
  readonly fields?: Readonly<Record<string, StoredField>>;
  /** Array fields kept in link tables. */
  readonly links?: Readonly<Record<string, LinkedField>>;
  /** Input fields that `onCreate` stores itself (a password, kept as its hash), not in a column of their own. */
  readonly inputOnly?: readonly string[];
  /**
   * Groups of input fields whose values together must be unique; a clash is a 400 naming the fields.
   * A single field unique on its own says so in the item schema instead (`x-unique: true`). A null
   * value clashes with nothing (the comparison with null is never true).
   */
  readonly unique?: readonly (readonly string[])[];
  /** Integer fields referring to rows of other tables, by field name. */
  readonly references?: Readonly<Record<string, ReferenceRule>>;
  /**
   * Reference fields kept outside the item's own fields (a camera task's model), which the
   * resource's choices operation offers beside `references` and linked references.
   */
  readonly otherReferences?: Readonly<Record<string, ReferenceRule>>;
  /**
   * Query parameters of list and export filtering by facts of other tables (a passage today), by
   * parameter name. openapi.yaml declares them (x-resource `filters`, or on the operations).
   */
  readonly queryFilters?: Readonly<Record<string, QueryFilter>>;
  /** The field naming an item in the operation log after its id: `#12 <name>`. Default: `name`. */
  readonly labelField?: string;
  /** Item fields not stored in the table, computed for many items in one query (counts of bound rows). */
  readonly computed?: ComputedFields;
  /**
   * Rules the schema cannot express: across fields or rows (date order, a check digit, an owner
   * matching its type, a free channel) or needing the caller and the row before the change (nobody
   * disables themself), checked in the create / update transaction before anything is written. The
   * problems found go into the one 400 with clashes and missing references.
   */
  readonly checkWrite?: (scope: WriteScope, change: ItemChange) => Promise<readonly FieldProblem[]>;
  /**
   * Run in the delete transaction before rows go; throw a 400 ApiError to refuse (rows that still
   * reference them). Not needed when nothing refers to the resource. `field` names the ids in the
   * request (`id` of a delete, `ids` of a bulk delete), for the 400.
   */
  readonly beforeDelete?: (
    db: Db,
    ids: readonly number[],
    scope: WriteScope & { readonly field: string },
  ) => Promise<void>;
  /** Run in the create / update transaction after the row is written (ending a disabled user's sessions). */
  readonly afterWrite?: (scope: WriteScope, change: ItemChange & { readonly item: Item }) => Promise<void>;
  /** Extra columns of a new row beyond its input (a secret's digest), and the create answer built from the item. */
  readonly onCreate?: (input: Readonly<Record<string, unknown>>) => Promise<CreatedColumns> | CreatedColumns;
}

export interface ComputedFields {
  readonly fields: readonly string[];
  /** The fields' values of each item: id → { field: value }. */
  readonly load: (db: Db, ids: readonly number[]) => Promise<ReadonlyMap<number, Item>>;
}

export interface CreatedColumns {
  readonly columns: Columns;
  readonly answer: (item: Item) => unknown;
}
