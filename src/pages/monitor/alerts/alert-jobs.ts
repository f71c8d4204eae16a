import { downloadAlertClip, handleAlert } from '../../../generated/operation-access';
import { exportKeyOf } from '../../../resources/descriptors';
import { useSession } from '../../../session';
import { alertResource } from '../../../alerts-live/alert-options';

/** What the operator may do with the alerts they see: the wall shows only the buttons they may use. */
export interface AlertJobs {
  /** Confirm or dismiss, one alert or a selection. */
  readonly handle: boolean;
  /** Export what the filters select as CSV. */
  readonly exportList: boolean;
  /** Download an alert's clip as MP4. */
  readonly exportClip: boolean;
}

export function useAlertJobs(): AlertJobs {
  const { access } = useSession();
  return {
    handle: access[handleAlert],
    exportList: access[exportKeyOf(alertResource)],
    exportClip: access[downloadAlertClip],
  };
}
