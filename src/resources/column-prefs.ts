import type { ResourceDescriptor } from './descriptors';

// Which table columns a reader hid, per resource and browser: a list of field names.
const storagePrefix = 'CFOP_COLUMNS_';

export function columnStorageKey(resource: string): string {
  return `${storagePrefix}${resource}`;
}

/** The hidden columns stored for a resource; names no longer in its table are dropped. */
export function parseHiddenColumns(descriptor: ResourceDescriptor, stored: string | null): string[] {
  if (stored === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const tableNames = new Set(descriptor.fields.filter((field) => field.table).map((field) => field.name));
  return parsed.filter((name): name is string => typeof name === 'string' && tableNames.has(name));
}

export function readHiddenColumns(descriptor: ResourceDescriptor): string[] {
  try {
    return parseHiddenColumns(descriptor, localStorage.getItem(columnStorageKey(descriptor.name)));
  } catch {
    return [];
  }
}

export function storeHiddenColumns(descriptor: ResourceDescriptor, hidden: readonly string[]): void {
  try {
    const key = columnStorageKey(descriptor.name);
    if (hidden.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(hidden));
  } catch {
    // Private windows may refuse storage: the choice then lasts until the page closes.
  }
}
