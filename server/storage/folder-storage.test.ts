import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/test-app';
import { StorageLimitError } from './file-storage';
import { createFolderStorage } from './folder-storage';

const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

describe('the folder storage', () => {
  it('keeps each key as a file below its folder, written from bytes, parts or a stream', async () => {
    const root = tempDir();
    const storage = createFolderStorage(root);
    expect(await storage.put('files/1', Buffer.from('one'))).toBe(3);
    expect(await storage.put('files/packs/p1', [Buffer.from('ab'), Buffer.from('cd')])).toBe(4);
    expect(await storage.put('files/.incoming/u1', chunks('str', 'eam'))).toBe(6);
    await storage.putAll([
      { key: 'files/2', bytes: Buffer.from('two') },
      { key: 'recordings/3/2026-11-27/a.ts', bytes: [Buffer.from('seg')] },
    ]);

    expect(readFileSync(join(root, 'files', '1'), 'utf8')).toBe('one');
    expect(readFileSync(join(root, 'files', 'packs', 'p1'), 'utf8')).toBe('abcd');
    expect(readFileSync(join(root, 'files', '.incoming', 'u1'), 'utf8')).toBe('stream');
    expect(readFileSync(join(root, 'recordings', '3', '2026-11-27', 'a.ts'), 'utf8')).toBe('seg');
    expect((await storage.list('files/')).map((object) => object.key)).toEqual([
      'files/.incoming/u1',
      'files/1',
      'files/2',
      'files/packs/p1',
    ]);
    expect((await storage.list('files/', { shallow: true })).map((object) => object.key)).toEqual([
      'files/1',
      'files/2',
    ]);
    expect(await storage.list('nothing/')).toEqual([]);
  });

  it('refuses a stream past its limit, leaving nothing', async () => {
    const root = tempDir();
    const storage = createFolderStorage(root);
    await expect(
      storage.put('files/.incoming/big', chunks('12345', '67890'), { maxBytes: 8 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await storage.stat('files/.incoming/big')).toBeNull();
    expect(readdirSync(join(root, 'files', '.incoming'))).toEqual([]);
    expect(await storage.put('files/.incoming/fits', chunks('1234', '5678'), { maxBytes: 8 })).toBe(8);
  });

  it('reads an object whole or a range of it, and says ENOENT for one not there', async () => {
    const storage = createFolderStorage(tempDir());
    await storage.put('files/packs/p', Buffer.from('0123456789'));
    expect(await text(await storage.open('files/packs/p'))).toBe('0123456789');
    expect(await text(await storage.open('files/packs/p', { start: 3, end: 5 }))).toBe('345');
    await expect(storage.open('files/9')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await storage.stat('files/packs/p')).toMatchObject({ key: 'files/packs/p', bytes: 10 });
  });

  it('moves, deletes and deletes a whole prefix; a move from nothing says so', async () => {
    const root = tempDir();
    const storage = createFolderStorage(root);
    await storage.put('files/5', Buffer.from('five'));
    expect(await storage.move('files/5', 'quarantine/2026-11-27/5')).toBe(true);
    expect(await storage.move('files/5', 'quarantine/2026-11-27/5')).toBe(false);
    expect(await storage.stat('quarantine/2026-11-27/5')).toMatchObject({ bytes: 4 });
    await storage.put('quarantine/2026-11-27/packs/p', Buffer.from('p'));
    await storage.deleteAll('quarantine/2026-11-27/');
    expect(existsSync(join(root, 'quarantine', '2026-11-27'))).toBe(false);
    await storage.put('files/6', Buffer.from('six'));
    await storage.delete('files/6');
    await storage.delete('files/6');
    expect(await storage.list('files/')).toEqual([]);
  });

  it('takes in a local file a tool wrote, which is gone afterwards', async () => {
    const root = tempDir();
    const work = join(root, 'spool');
    mkdirSync(work);
    writeFileSync(join(work, 'run-000001.ts'), 'segment');
    const storage = createFolderStorage(root);
    expect(await storage.adopt('recordings/1/2026-11-27/x.ts', join(work, 'run-000001.ts'))).toBe(7);
    expect(readdirSync(work)).toEqual([]);
    expect(await text(await storage.open('recordings/1/2026-11-27/x.ts'))).toBe('segment');
  });

  it('refuses a key that would leave its folder', async () => {
    const storage = createFolderStorage(tempDir());
    for (const key of ['../outside', 'files/../../x', '/etc/passwd', 'files//1', 'files/./1', ''])
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('not a storage key');
  });
});
