import { choosePasswordCost } from './auth/password-hash';
import { runOperatorCommand } from './cli/operator-commands';
import { readStoreConfig } from './config';
import { InvalidValuesError } from './contract/value-check';

// Operator commands on the data folder of DATA_DIR, e.g. `npx tsx server/cli.ts user:create ...`.
const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
try {
  const config = readStoreConfig(process.env);
  choosePasswordCost(config.passwordCost);
  process.exitCode = await runOperatorCommand(process.argv.slice(2), config, io);
} catch (error) {
  if (!(error instanceof InvalidValuesError)) throw error;
  io.err(error.message);
  process.exitCode = 1;
}
