import { lazy, Suspense } from 'react';
import user from '../../generated/resources/user';
import { resourceOf } from '../../resources/descriptors';
// From its module, not the folder's index: that also holds the generic route screen, which must
// stay a chunk of its own for the other resource routes.
import { ResourcePage } from '../../resources/ResourcePage';

// Loaded when a detail drawer first opens: the list screen, the route's first paint, does without it.
const UserSessions = lazy(() => import('./UserSessions'));
const descriptor = resourceOf(user);

/** The generic user screen; a user's detail ends in their open sessions, each of which may be ended. */
export default function UserPage() {
  return (
    <ResourcePage
      descriptor={descriptor}
      detailMore={(id) => (
        <Suspense fallback={null}>
          <UserSessions userId={id} />
        </Suspense>
      )}
    />
  );
}
