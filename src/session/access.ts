import { accessKeys } from '../generated/access';
import type { AccessKey } from '../generated/access';

export type Access = Readonly<Record<AccessKey, boolean>>;

/** What access rules look at in a route or menu entry. */
export interface AccessGated {
  readonly access: AccessKey | null;
  readonly children: readonly AccessGated[];
}

/** Each access key is true when the user holds a permission with that code; other codes are ignored. */
export function accessFromPermissions(permissionInfos: readonly { readonly code: string }[]): Access {
  const held = new Set(permissionInfos.map((info) => info.code));
  return Object.fromEntries(accessKeys.map((key) => [key, held.has(key)])) as Record<AccessKey, boolean>;
}

/**
 * An entry whose key is false is inaccessible, and so is a parent all of whose
 * children are; an entry without a key (home, login, personal) is open.
 */
export function isRouteAccessible(route: AccessGated, access: Access): boolean {
  if (route.access !== null && !access[route.access]) return false;
  return route.children.length === 0 || route.children.some((child) => isRouteAccessible(child, access));
}
