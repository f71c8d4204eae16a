import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { testPasswordCost } from '../auth/password-hash';
import { freeLoopbackPort, startServer, type RunningServer } from '../../test-support/server-process';
import { startNginx, type NginxFront } from './nginx-front';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';

/** One console server of the estate, at a fixed port nginx knows, that a test may stop and start. */
export interface EstateServer {
  readonly name: string;
  readonly url: string;
  /** Its process id while it runs (a benchmark reads its CPU time). */
  readonly pid: number | undefined;
  /** Starts it again on its port (after `stop` or `kill`). */
  start(): Promise<void>;
  /** Closes it as SIGTERM does (systemctl stop). */
  stop(): Promise<void>;
  /** Ends it at once, as a crash or a pulled cable would: SIGKILL, nothing closed. */
  kill(): Promise<void>;
}

/** A statement PostgreSQL ran, from its log: when (ms since the epoch) and its text. */
export interface LoggedStatement {
  readonly at: number;
  readonly text: string;
}

/** Two console servers on one PostgreSQL database, behind Debian's nginx with the deploy's site. */
export interface Estate {
  /** nginx's address: what browsers open. */
  readonly url: string;
  readonly servers: readonly [EstateServer, EstateServer];
  readonly databaseUrl: string;
  /** The data folder both servers share. */
  readonly dataDir: string;
  /** PostgreSQL's postmaster and nginx's master: their process ids (a benchmark reads their CPU time). */
  readonly pids: { readonly database: number; readonly nginx: number | undefined };
  /** The settings of the first server, for the operator CLI (`runOperatorCli`). */
  readonly env: Readonly<Record<string, string>>;
  /**
   * The data-changing statements run so far whose text matches `pattern`, in order (none with
   * `logStatements: false`).
   */
  statements(pattern: RegExp): LoggedStatement[];
  /** Stops nginx, the servers and the database, and removes every file they wrote. */
  stop(): Promise<void>;
}

export interface EstateOptions {
  /**
   * Settings for both servers beyond the database, the folder, the port, the trusted proxy and
   * the test's password cost (each sign-in at the production cost costs ~60 ms of CPU).
   */
  readonly env: Readonly<Record<string, string>>;
  /** Where the servers' and nginx's logs stay after the run; default: removed with the rest. */
  readonly logDir?: string;
  /** The built console; default dist/ of the working folder. */
  readonly distDir?: string;
  /**
   * Whether PostgreSQL logs every data-changing statement for `statements`; default yes. A
   * benchmark turns it off: the log costs the database on every insert.
   */
  readonly logStatements?: boolean;
  /** Arguments to Node itself for both servers (a benchmark's `--cpu-prof`). */
  readonly nodeArgs?: readonly string[];
}

/** Three distinct free loopback ports: two servers and nginx. */
async function threePorts(): Promise<[number, number, number]> {
  const ports = new Set<number>();
  while (ports.size < 3) ports.add(await freeLoopbackPort());
  return [...ports] as [number, number, number];
}

/**
 * With `logStatements`, logs every data-changing statement with its time in ms, so a test can tell
 * how often a job acted whichever server ran it.
 */
async function createDatabase(cluster: PostgresCluster, name: string, logStatements: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    if (!logStatements) return;
    await admin.query(`alter system set log_statement = 'mod'`);
    await admin.query(`alter system set log_line_prefix = '%n '`);
    await admin.query('select pg_reload_conf()');
  } finally {
    await admin.end();
  }
}

function readStatements(logPath: string, pattern: RegExp): LoggedStatement[] {
  const statements: LoggedStatement[] = [];
  for (const line of readFileSync(logPath, 'utf8').split('\n')) {
    const match = /^(\d+\.\d+) LOG: {2}(?:statement|execute [^:]*): (.*)$/.exec(line);
    if (match?.[1] && match[2] !== undefined && pattern.test(match[2]))
      statements.push({ at: Number(match[1]) * 1000, text: match[2] });
  }
  return statements;
}

/**
 * Starts a throw-away PostgreSQL cluster with one database, two console servers on it (each its
 * own process, as systemd's cfop@PORT units run them, trusting nginx's X-Forwarded-For) and nginx
 * in front with deploy/nginx/cfop.conf. The first server starts alone, so migrations and the first
 * administrator are made once. Both share one data folder, as the deploy's units share
 * /var/lib/cfop (on PostgreSQL the folder takes no lock).
 */
export async function startEstate(options: EstateOptions): Promise<Estate> {
  const dir = await mkdtemp(join(tmpdir(), 'cfop-estate-'));
  const logDir = options.logDir ?? dir;
  const undo: (() => Promise<void>)[] = [async () => rm(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const cluster = await startPostgresCluster();
    undo.push(async () => cluster.stop());
    await createDatabase(cluster, 'cfop', options.logStatements ?? true);
    const databaseUrl = cluster.url('cfop');
    const [portA, portB, nginxPort] = await threePorts();

    const dataDir = join(dir, 'data');
    const envOf = (name: string, port: number): Record<string, string> => ({
      NODE_ENV: 'test',
      CFOP_PASSWORD_COST: String(testPasswordCost),
      ...options.env,
      DATABASE_URL: databaseUrl,
      // One folder for both, as the deploy's units share /var/lib/cfop.
      DATA_DIR: dataDir,
      CFOP_SERVER_NAME: name,
      CFOP_TRUSTED_PROXIES: '127.0.0.1',
      PORT: String(port),
    });
    const server = (name: string, port: number): EstateServer & { close(): Promise<void> } => {
      let running: RunningServer | undefined;
      let starts = 0;
      const close = async (signal?: NodeJS.Signals) => {
        if (!running) return;
        const { pid } = running;
        if (signal && pid !== undefined) process.kill(pid, signal);
        await running.stop();
        running = undefined;
      };
      return {
        name,
        url: `http://127.0.0.1:${port}`,
        get pid() {
          return running?.pid;
        },
        async start() {
          starts += 1;
          running = await startServer(
            envOf(name, port),
            join(logDir, `server-${name}-${starts}.log`),
            process.cwd(),
            options.nodeArgs,
          );
        },
        stop: () => close(),
        kill: () => close('SIGKILL'),
        close: () => close(),
      };
    };
    const a = server('a', portA);
    const b = server('b', portB);
    undo.push(
      () => a.close(),
      () => b.close(),
    );
    await a.start();
    await b.start();

    const front: NginxFront = await startNginx(join(dir, 'nginx'), {
      serverPorts: [portA, portB],
      listenPort: nginxPort,
      distDir: resolve(options.distDir ?? 'dist'),
    });
    undo.push(() => front.stop());

    return {
      url: front.url,
      servers: [a, b],
      databaseUrl,
      dataDir,
      pids: { database: cluster.pid, nginx: front.pid },
      env: envOf('a', portA),
      statements: (pattern) => readStatements(join(cluster.dir, 'server.log'), pattern),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
