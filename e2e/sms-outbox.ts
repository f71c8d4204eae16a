import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';

interface OutboxLine {
  readonly at: string;
  readonly phone: string;
  readonly code: string;
  readonly text: string;
}

async function codesSentTo(dataDir: string, phone: string): Promise<string[]> {
  const text = await readFile(join(dataDir, 'sms-outbox.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxLine)
    .filter((line) => line.phone === phone)
    .map((line) => line.code);
}

/** The newest SMS code the server's `log` sender wrote for this phone, waiting for it to arrive. */
export async function latestSmsCode(dataDir: string, phone: string): Promise<string> {
  await expect
    .poll(() => codesSentTo(dataDir, phone), { message: `an SMS code for ${phone} in sms-outbox.jsonl` })
    .not.toEqual([]);
  const code = (await codesSentTo(dataDir, phone)).at(-1);
  if (code === undefined) throw new Error(`no SMS code for ${phone}`);
  return code;
}
