import type { AlertHooks } from './alerts/alert-hooks';
import type { AlertFeed } from './cluster/alert-feed';
import { countAlertChanges } from './analysis/alert-rollups';
import { queueAlertNotices } from './notify/outbox';
import { enabledRulesIn } from './notify/stored-rules';

/**
 * What a change of alerts sets off in its own transaction: notify queues the messages new alerts
 * call for (their rules' windows read in `timeZone`), analysis counts the change into its rollups;
 * once it committed, the consoles' live streams are told through `alertFeed`.
 */
export const alertReactions = (timeZone: string, alertFeed: Pick<AlertFeed, 'changed'>): AlertHooks => ({
  beforeAlertsStored: async (trx) => {
    await enabledRulesIn(trx);
  },
  alertsStored: queueAlertNotices(timeZone),
  alertsCounted: countAlertChanges,
  alertsCommitted: () => alertFeed.changed(),
});
