import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { privateFileMode } from '../kernel/private-files';
import type { SmsSender } from './sms-sender';

export const smsOutboxFileName = 'sms-outbox.jsonl';

/** For development and tests: the code goes to the server log and one JSON line in DATA_DIR/sms-outbox.jsonl. */
export function createLogSmsSender(options: { dataDir: string; log: FastifyBaseLogger }): SmsSender {
  const outbox = join(options.dataDir, smsOutboxFileName);
  return {
    async send(message) {
      appendFileSync(outbox, `${JSON.stringify(message)}\n`, { mode: privateFileMode });
      options.log.info({ phone: message.phone }, `SMS (log sender): ${message.text}`);
    },
  };
}
