import { lazy } from 'react';

// The drawers and dialogs of a resource screen are not needed to show its list: they load on
// first use, and are fetched while the browser is idle once the list is up, so opening one stays
// instant. This keeps the first management screen within its JS budget.
const loaders = {
  form: () => import('./FormDrawer'),
  detail: () => import('./DetailDrawer'),
  action: () => import('./ActionModal'),
  secret: () => import('./SecretModal'),
  import: () => import('./ImportDrawer'),
};

export const FormDrawer = lazy(() => loaders.form().then((module) => ({ default: module.FormDrawer })));
export const DetailDrawer = lazy(() => loaders.detail().then((module) => ({ default: module.DetailDrawer })));
export const ActionModal = lazy(() => loaders.action().then((module) => ({ default: module.ActionModal })));
export const ImportDrawer = lazy(() => loaders.import().then((module) => ({ default: module.ImportDrawer })));
export const SecretModal = lazy(() => loaders.secret().then((module) => ({ default: module.SecretModal })));

/** Fetches every part ahead of use; a failure here is retried when the part is opened. */
export function prefetchScreenParts(): void {
  for (const load of Object.values(loaders)) void load().catch(() => undefined);
}
