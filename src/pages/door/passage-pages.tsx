import { lazy, Suspense } from 'react';
import type { ResourceDescriptor } from '../../resources/descriptors';
// From its module, not the folder's index: that also holds the generic route screen, which must
// stay a chunk of its own for the other resource routes.
import { ResourcePage } from '../../resources/ResourcePage';
import type { PassageKind } from './PassageList';

// Loaded when a detail drawer first opens: the list screen, the route's first paint, does without it.
const LatestPassages = lazy(() => import('./PassageList'));

/** The generic screen of staff, visitors or vehicles, each item's detail ending in its latest passages. */
export function PassageResourcePage({
  descriptor,
  kind,
}: {
  descriptor: ResourceDescriptor;
  kind: PassageKind;
}) {
  return (
    <ResourcePage
      descriptor={descriptor}
      detailMore={(id) => (
        <Suspense fallback={null}>
          <LatestPassages kind={kind} id={id} />
        </Suspense>
      )}
    />
  );
}
