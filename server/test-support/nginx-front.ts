import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { scaled } from '../../test-support/test-timeouts';
import { answersOn, stopProcess } from './daemon-process';
import { spawnDyingWithParent } from '../process/parent-death';

/** The deploy's nginx site, as operators install it. */
export const siteFile = resolve('deploy/nginx/cfop.conf');

export const nginxProgram = '/usr/sbin/nginx';
const startupTimeoutMs = scaled(10_000);

/** Where a site runs: the two console servers' ports, nginx's own port, and the built console. */
export interface SitePlaces {
  readonly serverPorts: readonly [number, number];
  readonly listenPort: number;
  readonly distDir: string;
}

/**
 * The site file with the values an operator adapts replaced by a test's: the servers' addresses,
 * the listening port (loopback only) and the built console's folder. Each must be in the file as
 * its header says, so a change that renames one fails here instead of testing another site.
 */
export function renderSite(site: string, places: SitePlaces): string {
  const [a, b] = places.serverPorts;
  const replacements: [string, string][] = [
    ['127.0.0.1:8081', `127.0.0.1:${a}`],
    ['127.0.0.1:8082', `127.0.0.1:${b}`],
    ['listen 80;', `listen 127.0.0.1:${places.listenPort};`],
    ['/opt/cfop/dist', places.distDir],
  ];
  let rendered = site;
  for (const [placeholder, value] of replacements) {
    if (!rendered.includes(placeholder)) throw new Error(`the nginx site has no "${placeholder}" to replace`);
    rendered = rendered.replaceAll(placeholder, value);
  }
  return rendered;
}

/**
 * nginx's main file around the site, every path in `dir`: no daemon (the harness owns the
 * process), its pid, logs and temp files there. As root its workers would switch to `nobody`,
 * who may read none of the temp folders: they stay the current user.
 */
function mainConfig(dir: string): string {
  const user = process.getuid?.() === 0 ? `user ${userInfo().username} ${groupName()};` : '';
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  return [
    'daemon off;',
    user,
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} info;`,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${join(dir, 'access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    `  include ${join(dir, 'cfop.conf')};`,
    '}',
    '',
  ].join('\n');
}

function groupName(): string {
  return execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim();
}

/** A running nginx in front of the servers. */
export interface NginxFront {
  readonly url: string;
  readonly port: number;
  /** nginx's master process id (a benchmark reads its CPU time). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Writes nginx's main file and the deploy's site rendered for `places` into `dir`; answers the
 * arguments that run nginx on them (add `-t` to only check them).
 */
export async function writeNginxConfig(dir: string, places: SitePlaces): Promise<string[]> {
  await mkdir(join(dir, 'temp'), { recursive: true });
  writeFileSync(join(dir, 'cfop.conf'), renderSite(readFileSync(siteFile, 'utf8'), places));
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir));
  // -e: the error log before the configuration is read, else /var/log/nginx, which may not be writable.
  return ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
}

/** Starts Debian's nginx with the deploy's site rendered for `places`, its files in `dir`. */
export async function startNginx(dir: string, places: SitePlaces): Promise<NginxFront> {
  const args = await writeNginxConfig(dir, places);
  const child = spawnDyingWithParent(nginxProgram, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + startupTimeoutMs;
  while (!(await answersOn(places.listenPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopProcess(child);
      const log = readFileSync(join(dir, 'error.log'), { encoding: 'utf8', flag: 'a+' });
      throw new Error(`nginx did not start on port ${places.listenPort}: ${stderr}${log}`);
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return {
    url: `http://127.0.0.1:${places.listenPort}`,
    port: places.listenPort,
    pid: child.pid,
    stop: () => stopProcess(child),
  };
}
