import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { DataFolderError } from '../kernel/data-folder-error';

/**
 * A PostgreSQL program (pg_dump, pg_restore): the one in PATH, else the newest of Debian's
 * /usr/lib/postgresql/<version>/bin, where a server install puts them without a PATH entry.
 */
export function postgresProgram(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) {
    throw new DataFolderError({
      zh: `找不到 PostgreSQL 的 ${name}：请安装 postgresql-client（apt-get install postgresql-client）`,
      en: `PostgreSQL's ${name} was not found: install postgresql-client (apt-get install postgresql-client)`,
    });
  }
  return join(root, versions[0], 'bin', name);
}

/**
 * Runs a PostgreSQL program on DATABASE_URL's database. The password goes in PGPASSWORD, never on
 * the command line, where any user of the machine could read it in the process list.
 */
export function runPostgresProgram(
  name: string,
  args: readonly string[],
  databaseUrl: string,
): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password === '' ? {} : { PGPASSWORD: password }) };
  return new Promise((resolve, reject) => {
    execFile(
      postgresProgram(name),
      [...args, '--no-password', `--dbname=${url.toString()}`],
      { env, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        const reason = stderr.trim().split('\n').slice(-3).join(' ') || error.message;
        reject(
          new DataFolderError({
            zh: `${name} 失败：${reason}`,
            en: `${name} failed: ${reason}`,
          }),
        );
      },
    );
  });
}
