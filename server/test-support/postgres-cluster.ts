import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running throw-away PostgreSQL cluster: loopback only, trusting every local connection. */
export interface PostgresCluster {
  readonly port: number;
  /** The temp folder holding the cluster's files and socket. */
  readonly dir: string;
  /** The postmaster's process id: its backends are its children (a benchmark reads their CPU time). */
  readonly pid: number;
  /** The URL of a database on the cluster (as the superuser `postgres`, no password). */
  url(database: string): string;
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
function runAsOwner(program: string, args: readonly string[]): void {
  const [command, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
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
  try {
    runAsOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
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
    runAsOwner(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      options,
      '-w',
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    dir,
    // The pid file's first line, written before `pg_ctl -w start` returns.
    pid: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        runAsOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
