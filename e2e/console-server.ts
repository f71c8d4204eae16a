import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testPasswordCost } from '../server/auth/password-hash';
import { runOperatorCli, startServer } from '../test-support/server-process';
import { admin, type OperatorAccount } from './accounts';
import { artifactPath } from './artifacts';

/** A console server the browser tests drive, on a fresh data folder of its own. */
export interface ConsoleServer {
  readonly url: string;
  readonly dataDir: string;
  stop(): Promise<void>;
}

/** The operator's two commands that make an account: its role, then the user holding it. */
function accountCommands({ role, ...user }: OperatorAccount): string[][] {
  return [
    ['role:create', '--code', role.code, '--name', role.name, '--keys', role.keys.join(',')],
    [
      'user:create',
      ...['--username', user.username, '--name', user.name, '--phone', user.phone],
      ...['--password', user.password, '--roles', role.code],
    ],
  ];
}

/**
 * Starts the built console's server as the browser tests want it (`name` names its log among the
 * artifacts) and makes the operator accounts: the shared server of the whole run, or a file's own
 * where a screen shows the whole site's figures, which the other files change meanwhile.
 */
export async function startConsoleServer(
  name: string,
  accounts: readonly OperatorAccount[],
  settings: Readonly<Record<string, string>> = {},
): Promise<ConsoleServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cfop-e2e-'));
  const env = {
    DATA_DIR: dataDir,
    CFOP_ADMIN_PASSWORD: admin.password,
    CFOP_ADMIN_PHONE: admin.phone,
    // Every journey signs in; at the production cost each sign-in costs ~60 ms of CPU. A cost
    // below the default is taken only with NODE_ENV=test.
    NODE_ENV: 'test',
    CFOP_PASSWORD_COST: String(testPasswordCost),
    // The test camera streams (test-support/test-stream.ts) listen on loopback, which cameras may not reach by default.
    CFOP_CAMERA_ALLOW_HOSTS: '127.0.0.1',
    // The alert wall's test reports 2000 alerts from one box as fast as the server takes them.
    CFOP_INGEST_ALERTS_PER_SECOND: '100000',
    CFOP_INGEST_ALERT_BURST: '1000000',
    // Recorded cameras' segments and alert clips short enough for a test to wait for them.
    CFOP_RECORDING_SEGMENT_SECONDS: '2',
    CFOP_RECORDING_ALERT_PRE_SECONDS: '4',
    CFOP_RECORDING_ALERT_POST_SECONDS: '4',
    ...settings,
  };
  const removeData = () => rm(dataDir, { recursive: true, force: true });
  let server;
  try {
    server = await startServer(env, artifactPath(`${name}.log`));
  } catch (error) {
    await removeData();
    throw error;
  }
  const stop = async () => {
    await server.stop();
    await removeData();
  };
  try {
    for (const command of accounts.flatMap(accountCommands)) await runOperatorCli(env, command);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: server.url, dataDir, stop };
}
