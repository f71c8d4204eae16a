import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import { closeOnSignals } from './close-on-signals';
import { defaultPasswordCost, choosePasswordCost } from './auth/password-hash';
import type { Clock } from './kernel/clock';
import { readServerConfig } from './config';
import { chooseLogFormat, serverLogger } from './logging/log-format';

type Env = Readonly<Record<string, string | undefined>>;

/** Starts the server the environment describes and closes it cleanly on SIGINT or SIGTERM. */
export async function runServer(env: Env): Promise<FastifyInstance> {
  const app = await startServer(env);
  closeOnSignals(() => app.close(), app.log);
  return app;
}

/**
 * Starts the server the environment describes, listening; the caller closes it. `clock` replaces
 * the system's (the demo dates its history through it).
 */
export async function startServer(env: Env, options: { clock?: Clock } = {}): Promise<FastifyInstance> {
  const config = readServerConfig(env);
  choosePasswordCost(config.passwordCost);
  // Whatever the server or its ffmpeg write (the database, SMS codes, photos, video segments) is
  // readable by the server's user only, also where no explicit mode is given.
  process.umask(0o077);
  const app = await createApp({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    postgres: config.postgres,
    storageDir: config.storageDir,
    serverName: config.serverName,
    clock: options.clock,
    admin: config.admin,
    sessionTtlHours: config.sessionTtlHours,
    sessionIdleMinutes: config.sessionIdleMinutes,
    signInLimits: config.signInLimits,
    directory: config.directory,
    oidc: config.oidc,
    requireSecondFactorFor: config.requireSecondFactorFor,
    alertRetentionDays: config.alertRetentionDays,
    quarantineDays: config.quarantineDays,
    smsSender: config.smsSender,
    live: { maxStreams: config.liveMaxStreams, socketsPerUser: config.liveSocketsPerUser },
    recording: config.recording,
    cameraAllowedHosts: config.cameraAllowedHosts,
    trustedProxies: config.trustedProxies,
    ipv6PrefixBits: config.ipv6PrefixBits,
    metricsAllowed: config.metricsAllowed,
    cameraProbe: { everySeconds: config.cameraProbeSeconds },
    onvif: { discoveryTarget: config.onvifDiscoveryTarget },
    ingest: config.ingest,
    health: config.health,
    notify: config.notify,
    snapshotLinks: { hours: config.snapshotLinkHours },
    logger: serverLogger(chooseLogFormat(config.logFormat, process.stdout.isTTY === true), config.logLevel),
  });
  if (config.passwordCost < defaultPasswordCost) {
    app.log.warn(
      `passwords are hashed at the test cost ${config.passwordCost} (CFOP_PASSWORD_COST, NODE_ENV=test)`,
    );
  }
  await app.listen({ port: config.port, host: config.host });
  return app;
}
