import type { MigrationProvider } from 'kysely';
import type { BlockList } from 'node:net';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context';
import { alertReactions } from './alert-reactions';
import { defaultAlertRetentionDays } from './alerts/alert-settings';
import { alertJobs } from './alerts/alert-tasks';
import { createAlertFeed } from './cluster/alert-feed';
import { openChangeChannel, type ChangeChannel } from './cluster/change-channel';
import { createJobClaims } from './cluster/job-claims';
import { defaultHealthSettings, streamAlertsOf, type HealthSettings } from './alerts/device-health';
import { defaultIngestLimits, type IngestLimits } from './alerts/ingest-limits';
import { defaultSnapshotLinkHours } from './alerts/snapshot-link';
import { createAccessWatch } from './auth/access-watch';
import { sessionStillGrants } from './auth/session-grants';
import { createHashingGate, defaultHashingGateOptions, type HashingGateOptions } from './auth/hashing-gate';
import { createLdapDirectory } from './auth/ldap/ldap-directory';
import { signInLinkedUser } from './accounts/external-identities';
import type { DirectorySettings } from './auth/ldap/ldap-settings';
import { createOidcClient } from './auth/oidc/oidc-client';
import { refreshSingleSignOns } from './auth/oidc/oidc-refresh';
import { registerOidcRoutes } from './auth/oidc/oidc-routes';
import type { OidcSettings } from './auth/oidc/oidc-settings';
import { defaultSessionIdleMinutes } from './auth/sessions';
import { defaultSignInLimits, type SignInLimits } from './auth/sign-in-limits';
import type { SecondFactorRequirement } from './auth/second-factor-requirement';
import { createBackgroundTasks, runEvery } from './background-tasks';
import { cameraJobs } from './cameras/camera-jobs';
import { recordStreamRead } from './cameras/camera-status';
import { createFrameGrabber } from './streams/frame-grab';
import { defaultCameraProbeSeconds } from './cameras/stream-probe';
import { noAllowedHosts, systemLookup, type AllowedHosts, type HostLookup } from './streams/stream-address';
import { defaultOnvifSettings, type OnvifSettings } from './cameras/onvif/onvif-settings';
import { createPtzLinks } from './cameras/onvif/ptz-links';
import type { StreamSpawn } from './streams/stream-process';
import { systemClock, type Clock } from './kernel/clock';
import { lockDataFolder, shareDataFolder } from './data-folder/data-folder-lock';
import { closeToOtherUsers } from './kernel/private-files';
import { explainingStoreFailures } from './data-folder/store-failures';
import { sharedSecret, snapshotLinkKeyFileName } from './data-folder/instance-secret';
import { defaultQuarantineDays } from './files/quarantine';
import { createUnusedFileSweep } from './data-folder/unused-file-sweep';
import { unusedFileSweepMs } from './files/unused-files';
import { answerErrorsAsEnvelopes, noSuchOperationEnvelope } from './http/error-answers';
import { defaultIpv6PrefixBits } from './http/client-address';
import { acceptJsonBodiesOnly, bodyLimitBytes } from './http/json-body';
import { createLiveSessions, type LiveSessionOptions, type LiveSessions } from './live/live-sessions';
import { createSpawnLauncher } from './process/spawn-launcher';
import { createSocketQuota, defaultLiveSocketsPerUser } from './live/socket-quota';
import { createStreamSlots, defaultLiveMaxStreams } from './streams/stream-slots';
import { createStatusFeed } from './cluster/status-feed';
import { consoleEventStreams } from './events/event-sources';
import { registerOperationRoutes } from './http/operation-routes';
import { addSecurityHeaders } from './http/security-headers';
import { defaultBackoff, type Backoff } from './recording/recorder';
import { createRecordings, recordingSpoolDir, type Recordings } from './recording/recordings';
import { recordingSettings, type RecordingSettings } from './recording/recording-settings';
import { recordingJobs } from './recording/recording-tasks';
import { advisoryLockClaims } from './recording/camera-claims';
import { defaultPostgresSettings, type PostgresSettings, type PostgresTarget } from './db/postgres-settings';
import { recordingStore } from './recording/recording-store';
import { createFolderStorage } from './storage/folder-storage';
import { RequestErrorLines } from './observability/request-log';
import { createMetrics } from './observability/metrics';
import { loopbackOnly } from './observability/metrics-access';
import { observeApp } from './observability/observe-app';
import { createConsoleFallback, registerConsoleFiles } from './http/static-console';
import { notificationJobs } from './notify/notification-tasks';
import { notifySettings, type NotifyOptions } from './notify/notify-settings';
import { openStore } from './open-store';
import { operationHandlers } from './generated/operation-handlers';
import type { HandlerOverrides } from './operations/operation-handler';
import { checkResources } from './resources/resource-handlers';
import { createLogSmsSender } from './sms/log-sms-sender';
import type { SmsSender } from './sms/sms-sender';

export interface AppOptions {
  /**
   * Holds cfop.sqlite, the SMS outbox and stored files; one server at a time on SQLite
   * (DATA_DIR/server.lock), shared by the servers of one database on PostgreSQL.
   */
  readonly dataDir: string;
  /** DATABASE_URL: the PostgreSQL database to use instead of DATA_DIR/cfop.sqlite. */
  readonly databaseUrl?: string | undefined;
  /** CFOP_DB_*: PostgreSQL's pool and time-outs; default defaultPostgresSettings. */
  readonly postgres?: PostgresSettings;
  /** STORAGE_DIR: the folder of stored files and recordings, shared by all servers; default DATA_DIR. */
  readonly storageDir?: string | undefined;
  /** CFOP_SERVER_NAME: this server among those of one database, in the log; default host and pid. */
  readonly serverName?: string;
  readonly clock?: Clock;
  /** Defaults to the log sender (server log + DATA_DIR/sms-outbox.jsonl). */
  readonly smsSender?: SmsSender;
  /** Fastify's logger setting: true for the server log; tests pass a stream to read it. */
  readonly logger?: FastifyServerOptions['logger'];
  /** The built console; default `dist` in the working folder. */
  readonly staticDir?: string;
  readonly sessionTtlHours?: number;
  /** CFOP_SESSION_IDLE_MINUTES; default defaultSessionIdleMinutes (30). */
  readonly sessionIdleMinutes?: number;
  /** Guessing and SMS limits; default defaultSignInLimits. */
  readonly signInLimits?: SignInLimits;
  /** The directory and local password sign-in (CFOP_LDAP_*, CFOP_LOCAL_PASSWORD_SIGNIN); default local users only. */
  readonly directory?: DirectorySettings;
  /** Single sign-on through an OpenID Connect provider (CFOP_OIDC_*); default none. */
  readonly oidc?: OidcSettings | undefined;
  /** CFOP_REQUIRE_MFA_FOR; default none. */
  readonly requireSecondFactorFor?: SecondFactorRequirement;
  /** Password hashing's bounds; default from the CPU count (defaultHashingGateOptions). */
  readonly passwordHashing?: HashingGateOptions;
  /**
   * How often open event streams and live sockets check their sessions and keys (default 5 s):
   * what ends them on changes this server is not told of; tests change it.
   */
  readonly streamRecheckMs?: number;
  /** The administrator made on first start (CFOP_ADMIN_PASSWORD, CFOP_ADMIN_PHONE). */
  readonly admin?: { readonly password?: string | undefined; readonly phone?: string | undefined };
  /** Where the once-only generated administrator password goes; default stdout. */
  readonly announce?: (text: string) => void;
  /** Another contract than the repository's openapi.yaml (tests use fixtures). */
  readonly openApiPath?: string;
  /** The migrations to run; default the folder's (tests add one of their own). */
  readonly migrations?: MigrationProvider;
  /** How long a camera frame grab may take, and wait for an ffmpeg slot (default 5 s); tests shorten it. */
  readonly frameGrabTimeoutMs?: number;
  /**
   * At most `maxStreams` ffmpeg read camera streams at once, live views and frame grabs together
   * (CFOP_LIVE_MAX_STREAMS, default 16); a live view is stopped after `idleMs` unused, and its relay
   * (and any frame grab) ends when the source sends nothing for `readTimeoutMs` (default 5 s). One
   * user holds at most `socketsPerUser` live sockets open (CFOP_LIVE_SOCKETS_PER_USER, default 32).
   */
  readonly live?: Partial<
    Pick<LiveSessionOptions, 'idleMs' | 'startTimeoutMs' | 'readTimeoutMs' | 'spawn'> & {
      maxStreams: number;
      socketsPerUser: number;
    }
  >;
  /** Hosts and ranges camera streams may reach despite the local-address rules (CFOP_CAMERA_ALLOW_HOSTS). */
  readonly cameraAllowedHosts?: AllowedHosts;
  /**
   * The reverse proxies whose X-Forwarded-For gives the client's address (request.ip, which the
   * operation log and the sign-in and SMS limits use through clientAddress); none by default, so a
   * header is not believed.
   */
  readonly trustedProxies?: readonly string[];
  /** CFOP_IPV6_PREFIX_BITS: an IPv6 client counts by this prefix for every limit; default 64. */
  readonly ipv6PrefixBits?: number;
  /** Who may read /metrics without a session (CFOP_METRICS_ALLOW); default the loopback addresses. */
  readonly metricsAllowed?: BlockList;
  /** Where ONVIF discovery probes (the multicast group unless a test aims it at loopback) and its devices' time-out. */
  readonly onvif?: Partial<OnvifSettings>;
  /** Name resolution for camera stream hosts; tests pass a table. */
  readonly cameraLookup?: HostLookup;
  /** Starts a frame grab's ffmpeg; tests count them. */
  readonly spawnFrameGrab?: StreamSpawn;
  /**
   * How often the main stream of each camera no live view reads is probed for its status
   * (CFOP_CAMERA_PROBE_SECONDS, default 60; 0: never), and what starts the probe's ffprobe.
   */
  readonly cameraProbe?: { readonly everySeconds?: number; readonly spawn?: StreamSpawn };
  /** How many days alerts and their snapshots are kept (CFOP_ALERT_RETENTION_DAYS); default 90. */
  readonly alertRetentionDays?: number;
  /** What an AI server may send (CFOP_INGEST_*); each unset limit takes its default. */
  readonly ingest?: Partial<IngestLimits>;
  /** When devices count as failed and the levels of their alerts (CFOP_HEALTH_*); each unset takes its default. */
  readonly health?: Partial<HealthSettings>;
  /** How many days removed stored files stay in DATA_DIR/quarantine (CFOP_QUARANTINE_DAYS); default 30. */
  readonly quarantineDays?: number;
  /** Notification rules (CFOP_SITE_TIME_ZONE, CFOP_PUBLIC_URL, CFOP_WEBHOOK_ALLOW_HOSTS, CFOP_NOTIFY_MAX_AGE_HOURS). */
  readonly notify?: NotifyOptions;
  /**
   * Snapshot links in messages: their lifetime (CFOP_SNAPSHOT_LINK_HOURS, default 72) and the key
   * they are signed with (default DATA_DIR/snapshot-link.key, made on first start).
   */
  readonly snapshotLinks?: { readonly hours?: number; readonly secret?: Buffer };
  /**
   * Recording (CFOP_RECORDING_*; each unset setting takes its default): recorders' restart back-off,
   * how often cameras' modes are re-read and the sweep runs (default: each segment's length), and
   * what starts the recorders' ffmpeg (tests read its arguments).
   */
  readonly recording?: Partial<RecordingSettings> & {
    readonly backoff?: Backoff;
    readonly syncEveryMs?: number;
    readonly sweepEveryMs?: number;
    readonly spawn?: StreamSpawn;
  };
  /** Handlers added to (or replacing) the built-in ones, keyed by operationId. */
  readonly handlers?: HandlerOverrides<AppContext>;
  /**
   * How long open requests and connections get to end once the server closes (default 10 s); then
   * their connections are cut, so that a stop never hangs on a slow or silent client. Tests shorten it.
   */
  readonly closeGraceMs?: number;
}

const defaultSessionTtlHours = 12;
const defaultCloseGraceMs = 10_000;
const defaultStreamRecheckMs = 5000;
const defaultFrameGrabTimeoutMs = 5000;
/** A camera sends frames many times a second: five seconds of nothing is a source gone. */
const defaultStreamReadTimeoutMs = 5000;

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const staticDir = resolve(options.staticDir ?? 'dist');
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy:
      options.trustedProxies && options.trustedProxies.length > 0 ? [...options.trustedProxies] : false,
    bodyLimit: bodyLimitBytes,
    logController: new RequestErrorLines(),
  });
  // Before anything touches the folder (the live views' clean-up, migrations): a second server stops
  // here. On PostgreSQL the database serves several servers at once, and they may share the folder.
  const lock = await explainingStoreFailures(options.dataDir, () => {
    const held =
      options.databaseUrl === undefined
        ? lockDataFolder(options.dataDir, app.log)
        : shareDataFolder(options.dataDir);
    closeToOtherUsers(options.dataDir, app.log);
    return held;
  });
  const serverName = options.serverName ?? `${hostname()}:${process.pid}`;
  const { db, contract, instance } = await openStore({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    postgres: options.postgres,
    serverName,
    clock,
    openApiPath: options.openApiPath,
    migrations: options.migrations,
    admin: { ...options.admin, announce: options.announce ?? ((text) => process.stdout.write(text)) },
  }).catch((error: unknown) => {
    lock.release();
    throw error;
  });
  const metrics = createMetrics();
  const background = createBackgroundTasks(app.log, metrics.jobRan);
  let live: LiveSessions | null = null;
  const relayLauncher = createSpawnLauncher();
  let recordings: Recordings | null = null;
  let changes: ChangeChannel | null = null;
  // Recorded cameras are handed over first, before the wait for open requests and connections:
  // each claim goes as soon as its ffmpeg has closed its segment, and another server's next sync
  // records on while this one finishes its answers.
  let recordingsClosed: Promise<void> | undefined;
  let cutConnections: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    recordingsClosed = recordings?.close();
    // Awaited (and any failure reported) by the onClose hook below.
    recordingsClosed?.catch(() => undefined);
    cutConnections = setTimeout(
      () => app.server.closeAllConnections(),
      options.closeGraceMs ?? defaultCloseGraceMs,
    ).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(cutConnections);
    await (recordingsClosed ?? recordings?.close());
    await live?.close();
    relayLauncher.close();
    await background.drain();
    await changes?.close();
    await db.destroy();
    lock.release();
  });
  try {
    const slots = createStreamSlots(options.live?.maxStreams ?? defaultLiveMaxStreams);
    const streamPolicy = {
      allowed: options.cameraAllowedHosts ?? noAllowedHosts,
      lookup: options.cameraLookup ?? systemLookup,
      writeLookupMs: 2000,
    };
    const frameGrabTimeoutMs = options.frameGrabTimeoutMs ?? defaultFrameGrabTimeoutMs;
    const readTimeoutMs = options.live?.readTimeoutMs ?? defaultStreamReadTimeoutMs;
    const probeSeconds = options.cameraProbe?.everySeconds ?? defaultCameraProbeSeconds;
    const postgres: PostgresTarget | undefined =
      options.databaseUrl === undefined
        ? undefined
        : { url: options.databaseUrl, settings: options.postgres ?? defaultPostgresSettings, serverName };
    if (postgres) changes = await openChangeChannel({ postgres, db, log: app.log });
    const statusFeed = createStatusFeed(changes);
    live = createLiveSessions({
      slots,
      policy: streamPolicy,
      idleMs: options.live?.idleMs ?? 30_000,
      startTimeoutMs: options.live?.startTimeoutMs ?? 20_000,
      readTimeoutMs,
      log: app.log,
      // Relays are asked for many at once (a wall): started without the server stopping for each.
      spawn: options.live?.spawn ?? relayLauncher.spawn,
      onStreamState(cameraId, state) {
        // A relay stopped for want of viewers read the stream until now, and reads it no longer;
        // without probes, though, nothing would read it again, so its last read no longer counts.
        const read =
          state === 'idle'
            ? probeSeconds > 0
              ? { ok: true, live: false }
              : null
            : { ok: state === 'up', live: state === 'up' };
        background.run(`recording camera ${cameraId}'s stream`, () =>
          recordStreamRead(ctx, cameraId, 'relay', read),
        );
      },
    });
    const storage = createFolderStorage(options.storageDir ?? options.dataDir);
    recordings = await createRecordings({
      db,
      clock,
      store: recordingStore(storage),
      spoolDir: recordingSpoolDir(
        options.dataDir,
        options.databaseUrl === undefined ? undefined : serverName,
      ),
      settings: recordingSettings(options.recording),
      policy: streamPolicy,
      readTimeoutMs,
      backoff: options.recording?.backoff ?? defaultBackoff,
      log: app.log,
      spawn: options.recording?.spawn,
      // Several servers on one PostgreSQL database: each camera is recorded by one of them.
      claims: postgres && advisoryLockClaims(postgres, app.log),
      changes,
    });
    const health = { ...defaultHealthSettings, ...options.health };
    const notify = notifySettings(options.notify);
    const alertFeed = createAlertFeed(changes);
    const alertHooks = alertReactions(notify.timeZone, alertFeed);
    const ctx: AppContext = {
      dataDir: options.dataDir,
      storage,
      db,
      clock,
      contract,
      sessionTtlMs: (options.sessionTtlHours ?? defaultSessionTtlHours) * 3_600_000,
      sessionIdleMs: (options.sessionIdleMinutes ?? defaultSessionIdleMinutes) * 60_000,
      signInLimits: options.signInLimits ?? defaultSignInLimits,
      requireSecondFactorFor: options.requireSecondFactorFor ?? 'none',
      ipv6PrefixBits: options.ipv6PrefixBits ?? defaultIpv6PrefixBits,
      passwordHashing: createHashingGate(options.passwordHashing ?? defaultHashingGateOptions()),
      ldap: options.directory?.ldap && createLdapDirectory(options.directory.ldap, app.log),
      localPasswordSignIn: options.directory?.localPasswordSignIn ?? { mode: 'on' },
      oidc: options.oidc && createOidcClient(options.oidc, app.log),
      externalIdentities: { signIn: (source, account) => signInLinkedUser(db, clock, source, account) },
      accessWatch: createAccessWatch({
        stillGrants: (session, accessKey) => sessionStillGrants(ctx, session, accessKey),
        recheckMs: options.streamRecheckMs ?? defaultStreamRecheckMs,
        channel: changes,
      }),
      smsSender: options.smsSender ?? createLogSmsSender({ dataDir: options.dataDir, log: app.log }),
      background,
      frameGrabs: createFrameGrabber({
        policy: streamPolicy,
        slots,
        timeoutMs: frameGrabTimeoutMs,
        readTimeoutMs,
        log: app.log,
        spawn: options.spawnFrameGrab,
      }),
      streamPolicy,
      onvif: { ...defaultOnvifSettings, ...options.onvif, log: app.log, ptzLinks: createPtzLinks() },
      live,
      liveSockets: createSocketQuota(options.live?.socketsPerUser ?? defaultLiveSocketsPerUser),
      recordings,
      alertFeed,
      statusFeed,
      jobs: createJobClaims(db, serverName),
      ingest: ingestLimits(options),
      health,
      notify,
      alertHooks,
      streamAlerts: streamAlertsOf(health, alertHooks),
      snapshotLinks: {
        secret:
          options.snapshotLinks?.secret ?? (await sharedSecret(db, options.dataDir, snapshotLinkKeyFileName)),
        lifetimeMs: (options.snapshotLinks?.hours ?? defaultSnapshotLinkHours) * 3_600_000,
      },
    };
    app.addHook('onClose', async () => ctx.accessWatch.close());
    const isApiPath = apiPathMatcher(contract.basePath);
    addSecurityHeaders(app, isApiPath);
    acceptJsonBodiesOnly(app);
    // Uploads: @fastify/multipart streams a file part without buffering it (busboy), which the
    // byte limit and the first-bytes type check need; each upload passes its own limits.
    await app.register(multipart);
    // Live video goes over WebSockets, outside the browser's six connections per host; a client
    // sends nothing on them, so a large message is not taken in.
    const socketProtocols = new Set(contract.operations.flatMap((operation) => operation.socket ?? []));
    await app.register(websocket, {
      options: {
        maxPayload: 4096,
        handleProtocols: (offered) => [...offered].find((protocol) => socketProtocols.has(protocol)) ?? false,
      },
    });
    answerErrorsAsEnvelopes(app);
    observeApp(app, ctx, { metrics, metricsAllowed: options.metricsAllowed ?? loopbackOnly, isApiPath });
    const answerConsolePage = createConsoleFallback(staticDir);
    app.setNotFoundHandler((request, reply) =>
      isApiPath(request.url)
        ? reply.code(404).send(noSuchOperationEnvelope(request.headers['accept-language']))
        : answerConsolePage(request, reply),
    );
    registerOperationRoutes(app, ctx, { ...operationHandlers, ...options.handlers });
    registerOidcRoutes(app, ctx);
    await checkResources(ctx);
    await registerConsoleFiles(app, staticDir, answerConsolePage);
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
      ctx.jobs,
    );
    // Each domain's jobs and event sources, with its slice of the settings.
    if (ctx.oidc && ctx.oidc.refreshMs > 0) {
      // Checked every minute at most: a person's tokens are asked about once they are refreshMs old.
      const everyMs = Math.min(ctx.oidc.refreshMs, 60_000);
      runEvery(
        app,
        background,
        'refreshing single sign-ons',
        everyMs,
        () => refreshSingleSignOns(ctx),
        ctx.jobs,
      );
    }
    await app.register(consoleEventStreams, { ctx });
    await app.register(alertJobs, {
      ctx,
      settings: { alertRetentionDays: options.alertRetentionDays ?? defaultAlertRetentionDays },
    });
    await app.register(cameraJobs, {
      ctx,
      probeEveryMs: probeSeconds * 1000,
      probe: { policy: streamPolicy, slots, readTimeoutMs, log: app.log, spawn: options.cameraProbe?.spawn },
    });
    await app.register(notificationJobs, { ctx });
    await app.register(recordingJobs, { ctx, every: options.recording ?? {} });
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** The ingest limits, an alert's age capped at the retention: an alert stored only to be purged is lost. */
function ingestLimits(options: AppOptions): IngestLimits {
  const limits = { ...defaultIngestLimits, ...options.ingest };
  const retentionHours = (options.alertRetentionDays ?? defaultAlertRetentionDays) * 24;
  return { ...limits, maxAgeHours: Math.min(limits.maxAgeHours, retentionHours) };
}

function apiPathMatcher(basePath: string): (url: string) => boolean {
  return (url) => {
    const path = url.split('?', 1)[0];
    return path === basePath || path?.startsWith(`${basePath}/`) === true;
  };
}
