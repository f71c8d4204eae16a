import { handlerExportOf } from '../contract/handler-files';
import type { Diagnostic } from './diagnostics';

/** A handler module that does not export its handlers under the name its file gives. */
export function handlerModuleProblems(modules: ReadonlyMap<string, readonly string[]>): Diagnostic[] {
  return [...modules]
    .filter(([file, exported]) => !exported.includes(handlerExportOf(file)))
    .map(([file]) => ({
      file,
      pointer: '',
      message: `a handler module exports its handlers as ${handlerExportOf(file)} (an object keyed by operationId, or a function of the operation hooks answering one); rename the file or the export`,
    }));
}
