import { prepareAccounts, type AdminBootstrap } from './accounts/bootstrap-admin';
import type { Clock } from './clock';
import { loadContract, type Contract } from './contract/load-contract';
import { openDatabase, type Db } from './db/open-database';

export interface StoreOptions {
  readonly dataDir: string;
  readonly clock: Clock;
  readonly admin: AdminBootstrap;
  readonly openApiPath?: string | undefined;
}

/**
 * The one way into a data folder, for the server and the operator CLI alike: load the contract,
 * migrate the database, keep the administrator role in step with the contract's access keys and,
 * on the very first open, create the administrator.
 */
export async function openStore(options: StoreOptions): Promise<{ db: Db; contract: Contract }> {
  const contract = loadContract(options.openApiPath);
  const db = await openDatabase(options.dataDir);
  try {
    await prepareAccounts(db, options.clock, contract, options.admin);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, contract };
}
