import type { Migration } from 'kysely';
import * as accountsAndSessions from './0001-accounts-and-sessions';
import * as aiServers from './0002-ai-servers';
import * as operationLogs from './0003-operation-logs';
import * as roleTimestamps from './0004-role-timestamps';
import * as cameras from './0005-cameras';
import * as filesAndModels from './0006-files-and-models';
import * as entryExit from './0007-entry-exit';
import * as operationLogActionNames from './0008-operation-log-action-names';
import * as cameraTaskModels from './0009-camera-task-models';
import * as alerts from './0010-alerts';
import * as alertRevisions from './0011-alert-revisions';
import * as signInLimits from './0012-sign-in-limits';
import * as instance from './0013-instance';
import * as ingestIdempotency from './0014-ingest-idempotency';

/** Every migration, keyed by a name that sorts in the order they must run. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001-accounts-and-sessions': accountsAndSessions,
  '0002-ai-servers': aiServers,
  '0003-operation-logs': operationLogs,
  '0004-role-timestamps': roleTimestamps,
  '0005-cameras': cameras,
  '0006-files-and-models': filesAndModels,
  '0007-entry-exit': entryExit,
  '0008-operation-log-action-names': operationLogActionNames,
  '0009-camera-task-models': cameraTaskModels,
  '0010-alerts': alerts,
  '0011-alert-revisions': alertRevisions,
  '0012-sign-in-limits': signInLimits,
  '0013-instance': instance,
  '0014-ingest-idempotency': ingestIdempotency,
};
