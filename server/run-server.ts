import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import { defaultPasswordCost, choosePasswordCost } from './auth/password-hash';
import { readServerConfig } from './config';

type Env = Readonly<Record<string, string | undefined>>;

/** Starts the server the environment describes and closes it cleanly on SIGINT or SIGTERM. */
export async function runServer(env: Env): Promise<FastifyInstance> {
  const config = readServerConfig(env);
  choosePasswordCost(config.passwordCost);
  // Whatever the server or its ffmpeg write (the database, SMS codes, photos, video segments) is
  // readable by the server's user only, also where no explicit mode is given.
  process.umask(0o077);
  const app = await createApp({
    dataDir: config.dataDir,
    admin: config.admin,
    sessionTtlHours: config.sessionTtlHours,
    sessionIdleMinutes: config.sessionIdleMinutes,
    signInLimits: config.signInLimits,
    alertRetentionDays: config.alertRetentionDays,
    quarantineDays: config.quarantineDays,
    smsSender: config.smsSender,
    live: { maxStreams: config.liveMaxStreams },
    cameraAllowedHosts: config.cameraAllowedHosts,
    ingest: config.ingest,
    health: config.health,
    notify: config.notify,
    logger: true,
  });
  if (config.passwordCost < defaultPasswordCost) {
    app.log.warn(
      `passwords are hashed at the test cost ${config.passwordCost} (CFOP_PASSWORD_COST, NODE_ENV=test)`,
    );
  }
  await app.listen({ port: config.port, host: config.host });
  closeOnSignals(app);
  return app;
}

function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // A second signal while closing means "now".
    if (closing) process.exit(1);
    closing = true;
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'closing failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
