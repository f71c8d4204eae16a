import { InvalidValuesError } from './contract/value-check';
import { runServer } from './run-server';

try {
  await runServer(process.env);
} catch (error) {
  // Bad settings are the operator's to fix: say which, without a stack trace.
  console.error(error instanceof InvalidValuesError ? error.message : error);
  process.exit(1);
}
