/** The error codes of a full disk or an exhausted quota, from the file system and from SQLite. */
const diskFullCodes = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** The `code` of a Node system error or a better-sqlite3 SqliteError, if any. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

export function isDiskFull(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && diskFullCodes.has(code);
}
