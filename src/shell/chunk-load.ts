/** A page chunk that did not arrive in time, or at all. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** `load` with a deadline: past `ms` the returned promise rejects with a ChunkLoadError. */
export function withTimeout<T>(load: () => Promise<T>, ms: number): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChunkLoadError(`Page chunk did not load within ${ms} ms`)),
        ms,
      );
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

// How Chromium, Firefox, Safari and Vite's preloader word a module that is no longer on the
// server (typically after a deploy replaced the hashed chunk names), or that the history
// fallback answered with index.html.
const VANISHED_CHUNK_MESSAGES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /is not a valid javascript mime type/i,
];

export function isVanishedChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return VANISHED_CHUNK_MESSAGES.some((pattern) => pattern.test(message));
}

export const CHUNK_RELOAD_FLAG = 'CFOP_CHUNK_RELOADED';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A vanished chunk usually means the tab runs an older build than the server: reloading once
 * fetches the new one. The flag in session storage names the chunk we reloaded for, so a chunk
 * that is still missing after the reload shows the retry page instead of reloading forever
 * (other chunks loading fine in between do not clear it). Offline, a reload cannot help.
 */
export function claimReloadForChunkError(
  error: unknown,
  chunkName: string,
  storage: FlagStorage,
  online: boolean,
): boolean {
  if (!online || !isVanishedChunkError(error) || storage.getItem(CHUNK_RELOAD_FLAG) !== null) return false;
  storage.setItem(CHUNK_RELOAD_FLAG, chunkName);
  return true;
}

/** The chunk we reloaded for has arrived, so a later deploy may again be healed by one reload. */
export function forgetChunkReload(chunkName: string, storage: FlagStorage): void {
  if (storage.getItem(CHUNK_RELOAD_FLAG) === chunkName) storage.removeItem(CHUNK_RELOAD_FLAG);
}
