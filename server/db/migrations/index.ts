import type { Migration } from 'kysely';
import * as accountsAndSessions from './0001-accounts-and-sessions';
import * as aiServers from './0002-ai-servers';
import * as operationLogs from './0003-operation-logs';
import * as filesAndModels from './0006-files-and-models';
import * as entryExit from './0007-entry-exit';

/** Every migration, keyed by a name that sorts in the order they must run. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001-accounts-and-sessions': accountsAndSessions,
  '0002-ai-servers': aiServers,
  '0003-operation-logs': operationLogs,
  '0006-files-and-models': filesAndModels,
  '0007-entry-exit': entryExit,
};
