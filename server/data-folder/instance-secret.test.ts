import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/test-app';
import { DataFolderError } from '../kernel/data-folder-error';
import { instanceSecret, snapshotLinkKeyFileName } from './instance-secret';

describe('an instance secret in the data folder', () => {
  it('is made once, owner-only, and read back the same on every later start', () => {
    const dataDir = tempDir();
    const first = instanceSecret(dataDir, snapshotLinkKeyFileName);
    expect(first).toHaveLength(32);
    expect(instanceSecret(dataDir, snapshotLinkKeyFileName).equals(first)).toBe(true);
    // Another folder gets another key.
    expect(instanceSecret(tempDir(), snapshotLinkKeyFileName).equals(first)).toBe(false);
    // No draft is left beside it.
    expect(readdirSync(dataDir)).toEqual([snapshotLinkKeyFileName]);
    expect((statSync(join(dataDir, snapshotLinkKeyFileName)).mode & 0o777).toString(8)).toBe('600');
  });

  it('refuses a key file that is not one, naming it and what to do', () => {
    const dataDir = tempDir();
    const path = join(dataDir, snapshotLinkKeyFileName);
    writeFileSync(path, 'not a key\n');
    expect(() => instanceSecret(dataDir, snapshotLinkKeyFileName)).toThrow(DataFolderError);
    expect(() => instanceSecret(dataDir, snapshotLinkKeyFileName)).toThrow(
      `The key file ${path} is not 64 hex digits`,
    );
  });
});
