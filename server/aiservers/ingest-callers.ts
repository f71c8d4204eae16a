import type { IngestCaller } from '../alerts/alert-ingest';
import { sha256Hex } from '../auth/session-token';
import type { Db } from '../db/open-database';
import { reusedQuery } from '../db/reused-query';

const serverOfKey = reusedQuery((db, { hash }: { hash: string }) =>
  db.selectFrom('ai_servers').select(['id', 'name']).where('ingest_key_hash', '=', hash),
);

/** The AI servers found by their key's digest, and how many times they were forgotten. */
interface KnownKeys {
  generation: number;
  readonly servers: Map<string, IngestCaller>;
}

const byDatabase = new WeakMap<Db, KnownKeys>();

function knownKeysOf(db: Db): KnownKeys {
  let known = byDatabase.get(db);
  if (!known) {
    known = { generation: 0, servers: new Map() };
    byDatabase.set(db, known);
  }
  return known;
}

/**
 * The AI server whose ingest key `key` is, if any. Every ingest call asks, so a server found is kept
 * by its key's digest until forgetIngestKeys; an unknown key is read again each time (a wrong guess
 * fills nothing). The one console process writing its database is the only one changing its AI
 * servers: another would have to tell this one to forget.
 */
export async function ingestCallerOf(db: Db, key: string): Promise<IngestCaller | undefined> {
  const hash = sha256Hex(key);
  const known = knownKeysOf(db);
  const kept = known.servers.get(hash);
  if (kept) return kept;
  const { generation } = known;
  const server = (await serverOfKey.execute(db, { hash })).rows[0];
  // Forgotten while it was read, it may be what the change replaced: answered this once, not kept.
  if (server && known.generation === generation) known.servers.set(hash, server);
  return server;
}

/**
 * Forgets every key found, once a change of AI servers is committed (a key rotated, a server renamed
 * or deleted): the next call with the old key reads the database, and is refused.
 */
export function forgetIngestKeys(db: Db): void {
  const known = knownKeysOf(db);
  known.generation += 1;
  known.servers.clear();
}
