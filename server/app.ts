import { join, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context';
import { defaultAlertRetentionDays, startAlertTasks } from './alerts/alert-tasks';
import { createAlertFeed } from './alerts/alert-feed';
import { createBackgroundTasks, runEvery } from './background-tasks';
import { systemClock, type Clock } from './clock';
import { lockDataFolder } from './data-folder/data-folder-lock';
import { closeToOtherUsers } from './data-folder/private-files';
import { explainingStoreFailures } from './data-folder/store-failures';
import { defaultQuarantineDays } from './files/quarantine';
import { createUnusedFileSweep } from './files/unused-file-sweep';
import { unusedFileSweepMs } from './files/unused-files';
import { answerErrorsAsEnvelopes, noSuchOperationEnvelope } from './http/error-answers';
import { acceptJsonBodiesOnly, bodyLimitBytes } from './http/json-body';
import { createLiveSessions, type LiveSessionOptions, type LiveSessions } from './live/live-sessions';
import { registerOperationRoutes } from './http/operation-routes';
import { addSecurityHeaders } from './http/security-headers';
import { answerConsoleFallback, registerConsoleFiles } from './http/static-console';
import { openStore } from './open-store';
import { operationHandlers } from './operations';
import type { OperationHandlers } from './operations/operation-handler';
import { createLogSmsSender } from './sms/log-sms-sender';
import type { SmsSender } from './sms/sms-sender';

export interface AppOptions {
  /** Holds cfop.sqlite, the SMS outbox and stored files; one server at a time (DATA_DIR/server.lock). */
  readonly dataDir: string;
  readonly clock?: Clock;
  /** Defaults to the log sender (server log + DATA_DIR/sms-outbox.jsonl). */
  readonly smsSender?: SmsSender;
  /** Fastify's logger setting: true for the server log; tests pass a stream to read it. */
  readonly logger?: FastifyServerOptions['logger'];
  /** The built console; default `dist` in the working folder. */
  readonly staticDir?: string;
  readonly sessionTtlHours?: number;
  /** The administrator made on first start (CFOP_ADMIN_PASSWORD, CFOP_ADMIN_PHONE). */
  readonly admin?: { readonly password?: string | undefined; readonly phone?: string | undefined };
  /** Where the once-only generated administrator password goes; default stdout. */
  readonly announce?: (text: string) => void;
  /** Another contract than the repository's openapi.yaml (tests use fixtures). */
  readonly openApiPath?: string;
  /** How long a camera frame grab may take (default 5 s); tests shorten it. */
  readonly frameGrabTimeoutMs?: number;
  /** Live view limits: at most `maxStreams` ffmpeg at once (default 16), stopped after `idleMs` unused. */
  readonly live?: Partial<Pick<LiveSessionOptions, 'maxStreams' | 'idleMs' | 'startTimeoutMs'>>;
  /** How many days alerts and their snapshots are kept (CFOP_ALERT_RETENTION_DAYS); default 90. */
  readonly alertRetentionDays?: number;
  /** How many days removed stored files stay in DATA_DIR/quarantine (CFOP_QUARANTINE_DAYS); default 30. */
  readonly quarantineDays?: number;
  /** Handlers added to (or replacing) the built-in ones, keyed by operationId. */
  readonly handlers?: OperationHandlers;
}

const defaultSessionTtlHours = 12;
const defaultFrameGrabTimeoutMs = 5000;
export const defaultLiveMaxStreams = 16;

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const staticDir = resolve(options.staticDir ?? 'dist');
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: bodyLimitBytes });
  // Before anything touches the folder (the live views' clean-up, migrations): a second server stops here.
  const lock = await explainingStoreFailures(options.dataDir, () => {
    const held = lockDataFolder(options.dataDir, app.log);
    closeToOtherUsers(options.dataDir, app.log);
    return held;
  });
  const { db, contract, instance } = await openStore({
    dataDir: options.dataDir,
    clock,
    openApiPath: options.openApiPath,
    admin: { ...options.admin, announce: options.announce ?? ((text) => process.stdout.write(text)) },
  }).catch((error: unknown) => {
    lock.release();
    throw error;
  });
  const background = createBackgroundTasks(app.log);
  let live: LiveSessions | null = null;
  app.addHook('onClose', async () => {
    await live?.close();
    await background.drain();
    await db.destroy();
    lock.release();
  });
  try {
    live = await createLiveSessions({
      rootDir: join(options.dataDir, 'live'),
      maxStreams: options.live?.maxStreams ?? defaultLiveMaxStreams,
      idleMs: options.live?.idleMs ?? 30_000,
      startTimeoutMs: options.live?.startTimeoutMs ?? 20_000,
      log: app.log,
    });
    const ctx: AppContext = {
      dataDir: options.dataDir,
      db,
      clock,
      contract,
      sessionTtlMs: (options.sessionTtlHours ?? defaultSessionTtlHours) * 3_600_000,
      smsSender: options.smsSender ?? createLogSmsSender({ dataDir: options.dataDir, log: app.log }),
      background,
      frameGrabTimeoutMs: options.frameGrabTimeoutMs ?? defaultFrameGrabTimeoutMs,
      live,
      alertFeed: createAlertFeed(),
    };
    const isApiPath = apiPathMatcher(contract.basePath);
    addSecurityHeaders(app, isApiPath);
    acceptJsonBodiesOnly(app);
    // Uploads: @fastify/multipart streams a file part without buffering it (busboy), which the
    // byte limit and the first-bytes type check need; each upload passes its own limits.
    await app.register(multipart);
    answerErrorsAsEnvelopes(app);
    app.setNotFoundHandler((request, reply) =>
      isApiPath(request.url)
        ? reply.code(404).send(noSuchOperationEnvelope(request.headers['accept-language']))
        : answerConsoleFallback(request, reply, staticDir),
    );
    registerOperationRoutes(app, ctx, { ...operationHandlers, ...options.handlers });
    await registerConsoleFiles(app, staticDir);
    runEvery(
      app,
      background,
      'removing unused files',
      unusedFileSweepMs,
      createUnusedFileSweep({
        ...ctx,
        log: app.log,
        instance,
        quarantineDays: options.quarantineDays ?? defaultQuarantineDays,
      }),
    );
    startAlertTasks(app, ctx, options.alertRetentionDays ?? defaultAlertRetentionDays);
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

function apiPathMatcher(basePath: string): (url: string) => boolean {
  return (url) => {
    const path = url.split('?', 1)[0];
    return path === basePath || path?.startsWith(`${basePath}/`) === true;
  };
}
