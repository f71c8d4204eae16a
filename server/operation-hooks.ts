import { forgetCamerasInRollups } from './analysis/alert-rollups';

/**
 * What a handler module needs of a room above its own, given here as the app's context gives the
 * alerts' hooks: a module exporting a function of these (server/operations/handler-modules.ts)
 * takes the ones it names.
 */
export const operationHooks = {
  camerasDeleting: forgetCamerasInRollups,
};
