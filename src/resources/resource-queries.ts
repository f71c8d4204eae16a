import type { QueryClient } from '@tanstack/react-query';
import { useRead, type Read } from '../api/use-read';
import type { ResourceDescriptor } from './descriptors';
import type { Entity } from './form-values';
import { listQuery, type ListState } from './list-query';
import { resourceApi } from './resource-api';

// The cache keys of a resource's reads: its name, the operation, and what the operation is asked.
// Every key of a resource starts with its name, so a change invalidates all of them at once.
const resourceKey = (descriptor: ResourceDescriptor) => [descriptor.name] as const;

export const listKey = (descriptor: ResourceDescriptor, state: ListState) =>
  [...resourceKey(descriptor), 'list', listQuery(state)] as const;

export const itemKey = (descriptor: ResourceDescriptor, id: number | null) =>
  [...resourceKey(descriptor), 'get', id] as const;

/**
 * After a change to a resource (saved, deleted, an action run): its lists and items are read again,
 * those shown at once, the others when next shown. Resolves when the shown ones have answered.
 */
export function invalidateResource(client: QueryClient, descriptor: ResourceDescriptor): Promise<void> {
  return client.invalidateQueries({ queryKey: resourceKey(descriptor) });
}

/** One item of a resource, read while `id` is not null (a drawer's detail or edit form). */
export function useResourceItem(descriptor: ResourceDescriptor, id: number | null): Read<Entity> {
  return useRead(itemKey(descriptor, id), id === null ? null : () => resourceApi.get(descriptor, id));
}
