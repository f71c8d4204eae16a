/**
 * DATABASE_URL read as pg reads it: `postgres://user@/db?host=/run/postgresql` names no host, its
 * connections going to the unix socket in `?host=`, which WHATWG URLs refuse with a user in front;
 * such a URL is read with a stand-in host. Null for what is not a PostgreSQL URL.
 */
function parsePostgresUrl(url: string): URL | null {
  if (!/^postgres(ql)?:\/\/./.test(url)) return null;
  const hostless = /^(postgres(?:ql)?:\/\/[^/?#]*@)(?=[/?#]|$)/;
  for (const candidate of [url, url.replace(hostless, '$1localhost')])
    if (URL.canParse(candidate)) return new URL(candidate);
  return null;
}

export function isPostgresUrl(url: string): boolean {
  return parsePostgresUrl(url) !== null;
}

/** Where DATABASE_URL points, for messages: never its password. */
export function databaseAddress(url: string): string {
  const parsed = parsePostgresUrl(url);
  if (parsed === null) return 'DATABASE_URL';
  const { hostname, port, pathname, username, searchParams } = parsed;
  const socket = searchParams.get('host');
  const user = username ? `${decodeURIComponent(username)}@` : '';
  return socket?.startsWith('/')
    ? `${user}${socket}${pathname}`
    : `${user}${hostname}:${port || 5432}${pathname}`;
}
