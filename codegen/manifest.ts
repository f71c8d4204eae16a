// The manifest's shape after it passed console.schema.json; the schema is the authority.
import type { Widget } from '../src/resources/descriptors';
export interface LocalText {
  readonly zh: string;
  readonly en: string;
}

export interface AppSettings {
  readonly title: LocalText;
  readonly [setting: string]: unknown;
}

export interface ModuleEntry {
  readonly value: string;
  readonly label: LocalText;
}

export interface AccessKeyEntry {
  readonly key: string;
  readonly label: LocalText;
  readonly parent?: string;
}

export interface RouteEntry {
  readonly path: string;
  readonly name: LocalText;
  readonly icon?: string;
  readonly modules?: readonly string[];
  readonly access?: string;
  readonly hideInMenu?: boolean;
  readonly hideInBreadcrumb?: boolean;
  readonly layout?: boolean;
  readonly redirect?: string;
  readonly page?: string;
  readonly resource?: string;
  readonly children?: readonly RouteEntry[];
}

export const fieldPlaces = ['table', 'search', 'form', 'create', 'detail', 'export'] as const;
export type FieldPlace = (typeof fieldPlaces)[number];

export interface FieldOptionEntry extends LocalText {
  readonly color?: string;
}

export interface ResourceFieldEntry {
  readonly name: string;
  readonly label: LocalText;
  readonly show: readonly FieldPlace[];
  /** The schema's widget enum admits only these, and a resource is resolved after the schema passed. */
  readonly widget: Widget;
  readonly options?: Readonly<Record<string, FieldOptionEntry>>;
  readonly reference?: { readonly resource: string; readonly label: string };
}

export type ActionFieldEntry = Omit<ResourceFieldEntry, 'show'>;

/** A search filter that is a query parameter of the list and export operations, not an item field. */
export type SearchFilterEntry = Omit<ResourceFieldEntry, 'show' | 'reference'>;

export interface ResourceActionEntry {
  readonly name: string;
  readonly operation: string;
  readonly label: LocalText;
  readonly confirm?: LocalText;
  readonly showsSecret?: boolean;
  /** Row field → the values it must hold for the action to show on that row. */
  readonly when?: Readonly<Record<string, readonly string[]>>;
  /** The form of an operation with a request body, one entry per body property. */
  readonly fields?: readonly ActionFieldEntry[];
}

export const operationRoles = [
  'list',
  'get',
  'create',
  'update',
  'delete',
  'bulkDelete',
  'export',
  'choices',
  'import',
  'importTemplate',
] as const;
export type OperationRole = (typeof operationRoles)[number];

export interface ResourceEntry {
  readonly name: string;
  readonly title: LocalText;
  readonly access: string;
  readonly schema: string;
  /** Optional when the schema has `x-resource`, which names the standard ones. */
  readonly operations?: Readonly<Partial<Record<OperationRole, string>>>;
  readonly actions?: readonly ResourceActionEntry[];
  readonly fields: readonly ResourceFieldEntry[];
  readonly filters?: readonly SearchFilterEntry[];
}

export interface Manifest {
  readonly app: AppSettings;
  readonly modules: readonly ModuleEntry[];
  readonly accessKeys: readonly AccessKeyEntry[];
  readonly routes: readonly RouteEntry[];
  readonly resources?: readonly ResourceEntry[];
}

export const catchAllPath = '*';

/** kebab `field-number` → `FieldNumberOutlined`, the @ant-design/icons export name. */
export function iconComponentName(kebab: string): string {
  const pascal = kebab
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  return `${pascal}Outlined`;
}
