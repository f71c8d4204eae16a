import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/test-app';
import { openDatabase, type Db } from './open-database';
import { reusedQuery } from './reused-query';

describe('a reused query', () => {
  let db: Db;
  beforeEach(async () => {
    db = await openDatabase(join(tempDir(), 'data'));
  });
  afterEach(() => db.destroy());

  const insertFile = reusedQuery((db, file: { name: string; size: number; uploadedBy: number | null }) =>
    db
      .insertInto('files')
      .values({
        kind: 'uploadStaffPhoto',
        name: file.name,
        size: file.size,
        content_type: 'image/png',
        sha256: '',
        uploaded_by: file.uploadedBy,
        created_at: '2024-01-01T00:00:00.000Z',
      })
      .returning('id'),
  );
  const fileNamed = reusedQuery((db, { name }: { name: string }) =>
    db.selectFrom('files').select(['name', 'size', 'kind', 'uploaded_by']).where('name', '=', name),
  );

  it("runs with each call's values, its own constants kept", async () => {
    const first = await insertFile.execute(db, { name: 'a.png', size: 1, uploadedBy: null });
    const second = await insertFile.execute(db, { name: 'b.png', size: 2, uploadedBy: null });
    expect(second.rows[0]?.id).toBe((first.rows[0]?.id ?? 0) + 1);
    expect((await fileNamed.execute(db, { name: 'b.png' })).rows).toEqual([
      { name: 'b.png', size: 2, kind: 'uploadStaffPhoto', uploaded_by: null },
    ]);
    expect((await fileNamed.execute(db, { name: 'c.png' })).rows).toEqual([]);
  });

  it('answers how many rows a write changed', async () => {
    await insertFile.execute(db, { name: 'a.png', size: 1, uploadedBy: null });
    const resize = reusedQuery((db, { name, size }: { name: string; size: number }) =>
      db.updateTable('files').set({ size }).where('name', '=', name),
    );
    expect((await resize.execute(db, { name: 'a.png', size: 5 })).numAffectedRows).toBe(1n);
    expect((await resize.execute(db, { name: 'b.png', size: 5 })).numAffectedRows).toBe(0n);
  });

  it('refuses, at its first call, a value not bound as it is given', async () => {
    const doubled = reusedQuery((db, { size }: { size: number }) =>
      db
        .selectFrom('files')
        .select('id')
        .where('size', '=', Number(size) * 2),
    );
    await expect(doubled.execute(db, { size: 1 })).rejects.toThrow(/size not bound as given/);
  });
});
