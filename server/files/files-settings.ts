import { keptDays, type SettingsReader } from '../kernel/env-settings';
import { defaultQuarantineDays } from './quarantine';

/** How long removed stored files are set aside. */
export interface FilesSettings {
  /** CFOP_QUARANTINE_DAYS: days removed stored files stay in DATA_DIR/quarantine. */
  readonly quarantineDays: number;
}

export function readFilesSettings(settings: SettingsReader): FilesSettings {
  return {
    quarantineDays: settings.number('CFOP_QUARANTINE_DAYS', { ...keptDays, fallback: defaultQuarantineDays }),
  };
}
