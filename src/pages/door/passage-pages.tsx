import { useCallback } from 'react';
import { api, call } from '../../api';
import type { ResourceDescriptor } from '../../resources/descriptors';
// From its module, not the folder's index: that also holds the generic route screen, which must
// stay a chunk of its own for the other resource routes.
import { ResourcePage } from '../../resources/ResourcePage';
import { latestPassages, PassageList } from './PassageList';

/** The passages operations, one per kind, each under that kind's own access key. */
const passagePaths = {
  staff: '/staff/{id}/passages',
  visitor: '/visitors/{id}/passages',
  vehicle: '/vehicles/{id}/passages',
} as const;
export type PassageKind = keyof typeof passagePaths;

function LatestPassages({ kind, id }: { kind: PassageKind; id: number }) {
  const load = useCallback(
    () =>
      call(
        api.GET(passagePaths[kind], {
          params: { path: { id }, query: { pageSize: latestPassages } },
        }),
      ),
    [kind, id],
  );
  return <PassageList load={load} />;
}

/** The generic screen of staff, visitors or vehicles, each item's detail ending in its latest passages. */
export function PassageResourcePage({
  descriptor,
  kind,
}: {
  descriptor: ResourceDescriptor;
  kind: PassageKind;
}) {
  return <ResourcePage descriptor={descriptor} detailMore={(id) => <LatestPassages kind={kind} id={id} />} />;
}
