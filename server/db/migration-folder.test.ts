import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/test-app';
import { readMigrations } from './migration-folder';

const emptyMigration = 'export async function up(): Promise<void> {}\n';

function folderWith(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('the migration folder', () => {
  it('gives the migrations databases already ran the names they recorded them under, in order', async () => {
    const names = Object.keys(await readMigrations());
    expect(names.slice(0, 14)).toEqual([
      '0001-accounts-and-sessions',
      '0002-ai-servers',
      '0003-operation-logs',
      '0004-role-timestamps',
      '0005-cameras',
      '0006-files-and-models',
      '0007-entry-exit',
      '0008-operation-log-action-names',
      '0009-camera-task-models',
      '0010-alerts',
      '0011-alert-revisions',
      '0012-sign-in-limits',
      '0013-instance',
      '0014-ingest-idempotency',
    ]);
  });

  it('takes every NNNN-name.ts file in name order and leaves their tests out', async () => {
    const dir = folderWith({
      '0002-parking-lots.ts': emptyMigration,
      '0001-accounts.ts': emptyMigration,
      '0001-accounts.test.ts': emptyMigration,
    });
    expect(Object.keys(await readMigrations(dir))).toEqual(['0001-accounts', '0002-parking-lots']);
  });

  it.each([
    [
      'a file not named NNNN-name.ts',
      { '12-parking-lots.ts': emptyMigration },
      /not named NNNN-name\.ts.*12-parking-lots\.ts/,
    ],
    [
      'a module without up()',
      { '0001-accounts.ts': 'export const down = 1;\n' },
      /0001-accounts\.ts: exports no up\(\)/,
    ],
  ])('refuses %s, naming it', async (_case, files, message) => {
    await expect(readMigrations(folderWith(files))).rejects.toThrow(message);
  });
});
