import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { testPasswordCost } from '../server/auth/password-hash';
import { admin, operatorAccounts, type OperatorAccount } from './accounts';
import { artifactPath, artifactsDir } from './artifacts';
import { runOperatorCli, startServer } from '../test-support/server-process';
import { freeLoopbackUdpPort } from '../test-support/onvif-device/discovery-responder';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The loopback UDP port the server's ONVIF discovery probes: a test's simulated devices answer there. */
    onvifDiscoveryPort: number;
  }
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

/** One real server on a fresh data folder for the whole run; every test file talks to it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) {
    throw new Error('dist/ has no built console: run `npm run build` first');
  }
  await rm(artifactsDir, { recursive: true, force: true });
  await mkdir(artifactsDir, { recursive: true });

  const dataDir = await mkdtemp(join(tmpdir(), 'cfop-e2e-'));
  const onvifDiscoveryPort = await freeLoopbackUdpPort();
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
    // Discovery probes a loopback port instead of the LAN's multicast group (NODE_ENV=test only).
    CFOP_ONVIF_DISCOVERY_TEST_PORT: String(onvifDiscoveryPort),
  };
  const server = await startServer(env, artifactPath('server.log'));
  const teardown = async (): Promise<void> => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (const command of operatorAccounts.flatMap(accountCommands)) await runOperatorCli(env, command);
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
  project.provide('onvifDiscoveryPort', onvifDiscoveryPort);
  return teardown;
}
