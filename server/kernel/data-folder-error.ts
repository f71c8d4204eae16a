import { bilingual, type LocalText } from './locale';

/**
 * A data folder the server or the operator CLI cannot use as it is (read-only, corrupt, lost, held
 * by another server): the operator's to fix, so it is told in one line without a stack trace.
 */
export class DataFolderError extends Error {
  override name = 'DataFolderError';

  constructor(readonly text: LocalText) {
    super(bilingual(text));
  }
}
