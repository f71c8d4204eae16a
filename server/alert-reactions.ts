import type { AlertHooks } from './alerts/alert-hooks';
import { countAlertChanges } from './analysis/alert-rollups';
import { queueAlertNotices } from './notify/outbox';
import { enabledRulesIn } from './notify/stored-rules';

/**
 * What a change of alerts sets off in its own transaction: notify queues the messages new alerts
 * call for (their rules' windows read in `timeZone`), analysis counts the change into its rollups.
 */
export const alertReactions = (timeZone: string): AlertHooks => ({
  beforeAlertsStored: async (trx) => {
    await enabledRulesIn(trx);
  },
  alertsStored: queueAlertNotices(timeZone),
  alertsCounted: countAlertChanges,
});
