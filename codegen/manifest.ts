// The manifest's shape after it passed console.schema.json; the schema is the authority.
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
  readonly children?: readonly RouteEntry[];
}

export interface Manifest {
  readonly app: AppSettings;
  readonly modules: readonly ModuleEntry[];
  readonly accessKeys: readonly AccessKeyEntry[];
  readonly routes: readonly RouteEntry[];
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
