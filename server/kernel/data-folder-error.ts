import { bilingual, type LocalText } from './locale';

/**
 * A data folder the server or the operator CLI cannot use as it is (read-only, corrupt, lost, held
 * by another server, its database at odds with the contract): the operator's to fix, so it is told
 * without a stack trace, in one line and a line for each of `details` (the columns at odds).
 */
export class DataFolderError extends Error {
  override name = 'DataFolderError';

  constructor(
    readonly text: LocalText,
    readonly details: readonly LocalText[] = [],
  ) {
    super([text, ...details].map(bilingual).join('\n'));
  }
}
