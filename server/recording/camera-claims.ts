import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { postgresClientConfig, type PostgresTarget } from '../db/postgres-settings';

/**
 * Which server records which camera, when several share one database: a camera is recorded by the
 * server holding its claim. One server alone (SQLite) holds every claim.
 */
export interface CameraClaims {
  /** The camera's claim, taken now for one recorder; null while another server holds it. */
  claim(cameraId: number): Promise<CameraClaim | null>;
  /** `listener` is told when every claim was lost at once: each recorder must stop. */
  onLost(listener: () => void): void;
  close(): Promise<void>;
}

/** A camera claimed for one recorder. */
export interface CameraClaim {
  /** Gives the claim up (its recorder has stopped), for another server to take. */
  release(): Promise<void>;
}

const heldAlone: CameraClaim = { release: () => Promise.resolve() };

/** The one server of an SQLite data folder records every camera. */
export const everyCamera: CameraClaims = {
  claim: () => Promise.resolve(heldAlone),
  onLost: () => undefined,
  close: () => Promise.resolve(),
};

/**
 * The advisory locks' first key: what these locks are for (`CFRC`), apart from any other the
 * console takes; the second key is the camera's id.
 */
export const recordingLockSpace = 0x43465243;

/**
 * Claims as PostgreSQL session advisory locks, held on a connection of their own while the camera
 * is recorded: a server that dies ends its connection, the database lets its locks go, and another
 * server's next sync takes its cameras. A connection that fails loses every claim at once (the
 * database may already have given them away), so the recorders stop; the next claim connects again.
 */
export function advisoryLockClaims(postgres: PostgresTarget, log: FastifyBaseLogger): CameraClaims {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  const listeners: (() => void)[] = [];

  const lost = (connection: pg.Client, reason: string) => {
    if (client !== connection) return;
    client = null;
    log.warn(`the connection holding this server's recording claims ended (${reason}): its recorders stop`);
    for (const listener of listeners) listener();
  };

  const connection = () => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const fresh = new pg.Client(postgresClientConfig(postgres, 'recording'));
      fresh.on('error', (error) => lost(fresh, error.message));
      fresh.on('end', () => lost(fresh, 'closed'));
      try {
        await fresh.connect();
      } catch (error) {
        await fresh.end().catch(() => undefined);
        throw error;
      }
      client = fresh;
      return fresh;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async claim(cameraId) {
      try {
        const held = await connection();
        const { rows } = await held.query<{ taken: boolean }>(
          'select pg_try_advisory_lock($1::int4, $2::int4) as taken',
          [recordingLockSpace, cameraId],
        );
        if (rows[0]?.taken !== true) return null;
        return {
          async release() {
            // A lost connection let the lock go with it; a newer one may hold the camera again.
            if (client !== held) return;
            await held
              .query('select pg_advisory_unlock($1::int4, $2::int4)', [recordingLockSpace, cameraId])
              .catch((error: Error) => log.warn(`camera ${cameraId}'s recording claim: ${error.message}`));
          },
        };
      } catch (error) {
        log.warn(`camera ${cameraId} not claimed for recording: ${(error as Error).message}`);
        return null;
      }
    },
    onLost(listener) {
      listeners.push(listener);
    },
    async close() {
      const held = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await held?.end();
    },
  };
}
