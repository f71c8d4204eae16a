import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A running throw-away PostgreSQL cluster: loopback only, trusting every local connection. */
export interface PostgresCluster {
  readonly port: number;
  /** The temp folder holding the cluster's files and socket. */
  readonly dir: string;
  /** The postmaster's process id: its backends are its children (a benchmark reads their CPU time). */
  readonly pid: number;
  /** The URL of a database on the cluster (as the superuser `postgres`, no password). */
  url(database: string): string;
  /**
   * Stops the server as `pg_ctl stop -m fast` does (a restart's first half): every connection is
   * ended, and nothing connects until `resume`. Only for a cluster of the test's own: others'
   * connections would end too.
   */
  halt(): Promise<void>;
  /** Starts the halted server again on its port and folder, waiting until it accepts connections. */
  resume(): Promise<void>;
  /** Stops the server and deletes its folder. */
  stop(): void;
}

/** The folder of Debian's PostgreSQL programs: pg_config's, else the newest installed version. */
export function postgresBinDir(): string {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const configured = fromConfig.status === 0 ? fromConfig.stdout.trim() : '';
  if (configured && existsSync(join(configured, 'initdb'))) return configured;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined)
    throw new Error(
      'PostgreSQL is not installed: apt-get install postgresql (scripts/ensure-browser.sh does)',
    );
  return join(root, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function asOwner(program: string, args: readonly string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, [...args]];
}

function runAsOwner(program: string, args: readonly string[]): void {
  execFileSync(...asOwner(program, args), { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** As runAsOwner, leaving the event loop free meanwhile (the test's servers see the database go). */
async function runAsOwnerAsync(program: string, args: readonly string[]): Promise<void> {
  await promisify(execFile)(...asOwner(program, args));
}

/**
 * Creates and starts a cluster in a new temp folder, tuned for tests rather than for keeping data:
 * no fsync, no synchronous commit, no full-page writes; its unix socket stays in the folder.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'cfop-postgres-'));
  if (isRoot) {
    const owner = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(owner), Number(group));
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = await freePort();
  const pgCtl = (...args: string[]) => ['-D', data, ...args];
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    // Every test app holds a pool: many apps run at once on two workers.
    '-c max_connections=300',
  ].join(' ');
  const start = pgCtl('-l', join(dir, 'server.log'), '-o', options, '-w', 'start');
  // The pid file's first line, written before `pg_ctl -w start` returns.
  const postmasterPid = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let pid: number;
  try {
    runAsOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    runAsOwner(join(bin, 'pg_ctl'), start);
    pid = postmasterPid();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    dir,
    get pid() {
      return pid;
    },
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    halt: () => runAsOwnerAsync(join(bin, 'pg_ctl'), pgCtl('-m', 'fast', '-w', 'stop')),
    async resume() {
      await runAsOwnerAsync(join(bin, 'pg_ctl'), start);
      pid = postmasterPid();
    },
    stop() {
      try {
        // A halted cluster has nothing to stop.
        if (existsSync(join(data, 'postmaster.pid')))
          runAsOwner(join(bin, 'pg_ctl'), pgCtl('-m', 'immediate', '-w', 'stop'));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
