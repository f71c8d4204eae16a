import { InvalidValuesError } from './contract/value-check';
import { DataFolderError } from './kernel/data-folder-error';
import { runServer } from './run-server';

try {
  await runServer(process.env);
} catch (error) {
  // Bad settings and an unusable data folder are the operator's to fix: say what, without a stack trace.
  const theOperators = error instanceof InvalidValuesError || error instanceof DataFolderError;
  console.error(theOperators ? error.message : error);
  process.exit(1);
}
