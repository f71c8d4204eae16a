import type { ComponentType } from 'react';
import { resourceOf, type ResourceSource } from './descriptors';
import { ResourcePage } from './ResourcePage';

const screens = new WeakMap<ResourceSource, ComponentType>();

/**
 * The page of every route the manifest gives a `resource` and no `page`: the generic screen of
 * the resource's descriptor (the route loads both). A route with a `page` too renders that page,
 * which wraps ResourcePage with its own inputs and row actions.
 */
export function screenOf(source: ResourceSource): ComponentType {
  const known = screens.get(source);
  if (known !== undefined) return known;
  const descriptor = resourceOf(source);
  const ResourceScreen = () => <ResourcePage descriptor={descriptor} />;
  screens.set(source, ResourceScreen);
  return ResourceScreen;
}
