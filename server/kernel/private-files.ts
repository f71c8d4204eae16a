import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { errorCode } from './error-codes';

/**
 * What the server writes under DATA_DIR (the database, SMS codes in the outbox, face photos) is
 * readable by the server's user only.
 */
export const privateFileMode = 0o600;
export const privateDirMode = 0o700;

/**
 * Creates `path` empty, readable by its owner only, unless it exists: an existing file is left as
 * it is (mode and all), so a read-only database is found read-only by SQLite, not here.
 */
export function createPrivateFile(path: string): void {
  try {
    closeSync(openSync(path, 'wx', privateFileMode));
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  }
}

/** Creates DATA_DIR (and any folder above it that is missing) readable by the server's user only. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: privateDirMode });
}

/**
 * Closes DATA_DIR to other users where it is open to them (made before, or by hand), which closes
 * everything in it written before with a looser mode. The owner's own bits stay as they are.
 */
export function closeToOtherUsers(dataDir: string, log: { warn(message: string): void }): void {
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  const octal = (value: number) => value.toString(8);
  const closed = mode & 0o700;
  try {
    chmodSync(dataDir, closed);
    log.warn(
      `the data folder ${dataDir} was open to other users (mode ${octal(mode)}): now ${octal(closed)}`,
    );
  } catch (error) {
    // Someone else's folder (a mount point): the server still runs; the operator is told.
    log.warn(
      `the data folder ${dataDir} is open to other users (mode ${octal(mode)}) and could not be closed: ${String(error)}`,
    );
  }
}
