import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { operatorAccounts } from './accounts';
import { artifactsDir } from './artifacts';
import { startConsoleServer } from './console-server';
import { freeLoopbackUdpPort } from '../test-support/onvif-device/discovery-responder';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The loopback UDP port the server's ONVIF discovery probes: a test's simulated devices answer there. */
    onvifDiscoveryPort: number;
  }
}

/** One real server on a fresh data folder for the whole run; every test file talks to it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) {
    throw new Error('dist/ has no built console: run `npm run build` first');
  }
  await rm(artifactsDir, { recursive: true, force: true });
  await mkdir(artifactsDir, { recursive: true });

  const onvifDiscoveryPort = await freeLoopbackUdpPort();
  const server = await startConsoleServer('server', operatorAccounts, {
    // Discovery probes a loopback port instead of the LAN's multicast group (NODE_ENV=test only).
    CFOP_ONVIF_DISCOVERY_TEST_PORT: String(onvifDiscoveryPort),
  });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('onvifDiscoveryPort', onvifDiscoveryPort);
  return () => server.stop();
}
