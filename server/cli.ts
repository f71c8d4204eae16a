import { runOperatorCommand } from './cli/operator-commands';
import { readStoreConfig } from './config';

// Operator commands on the data folder of DATA_DIR, e.g. `npx tsx server/cli.ts user:create ...`.
process.exitCode = await runOperatorCommand(process.argv.slice(2), readStoreConfig(process.env), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
