import type { MigrationProvider } from 'kysely';
import { prepareAccounts, type AdminBootstrap } from './accounts/bootstrap-admin';
import type { Clock } from './kernel/clock';
import { loadContract, type Contract } from './contract/load-contract';
import { identifyInstance, assertDatabaseNotLost, type Instance } from './data-folder/instance-identity';
import { explainingStoreFailures } from './data-folder/store-failures';
import { openDatabase, type Db } from './db/open-database';
import type { PostgresSettings } from './db/postgres-settings';

export interface StoreOptions {
  readonly dataDir: string;
  /** DATABASE_URL: a PostgreSQL database instead of DATA_DIR/cfop.sqlite. */
  readonly databaseUrl?: string | undefined;
  /** CFOP_DB_*: PostgreSQL's pool and time-outs; default defaultPostgresSettings. */
  readonly postgres?: PostgresSettings | undefined;
  /** Names this process's PostgreSQL connections (application_name). */
  readonly serverName?: string | undefined;
  readonly clock: Clock;
  readonly admin: AdminBootstrap;
  readonly openApiPath?: string | undefined;
  /** The migrations to run; default the folder's (tests add their own). */
  readonly migrations?: MigrationProvider | undefined;
}

/**
 * The one way into a data folder, for the server and the operator CLI alike: load the contract,
 * migrate the database, keep the administrator role in step with the contract's access keys and,
 * on the very first open, create the administrator and the database's id. A data folder the
 * operator must fix (read-only, corrupt, its database lost) fails with a DataFolderError.
 */
export async function openStore(
  options: StoreOptions,
): Promise<{ db: Db; contract: Contract; instance: Instance }> {
  const contract = loadContract(options.openApiPath);
  return explainingStoreFailures(options.dataDir, async () => {
    // A PostgreSQL database is not in the folder, so the folder cannot tell it is gone.
    if (options.databaseUrl === undefined) assertDatabaseNotLost(options.dataDir);
    const db = await openDatabase(
      options.dataDir,
      options.databaseUrl,
      { settings: options.postgres, serverName: options.serverName },
      options.migrations,
    );
    try {
      const instance = await identifyInstance(db, options.dataDir, options.clock);
      await prepareAccounts(db, options.clock, contract, options.admin);
      return { db, contract, instance };
    } catch (error) {
      await db.destroy();
      throw error;
    }
  });
}
