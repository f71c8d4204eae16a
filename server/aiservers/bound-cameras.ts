import type { Db } from '../db/open-database';

/**
 * How many cameras are bound to each AI server. Cameras do not exist yet, so every count is 0; the
 * camera resource replaces the body with a grouped count over its table (and the AI server's
 * beforeDelete then refuses to delete a server cameras still use).
 */
export async function countBoundCameras(_db: Db, serverIds: readonly number[]): Promise<Map<number, number>> {
  return new Map(serverIds.map((id) => [id, 0]));
}
