import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-database';
import {
  addRole,
  addUser,
  clientHeaders,
  filesOnDisk,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';
import { jpegBytes, multipartFile, pngBytes } from '../test-support/multipart';
import { fileReferenceProblems } from './file-store';

const photoLimit = 2 * 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function signedIn() {
  const t = await startTestApp();
  const token = await t.signIn('admin', testAdminPassword);
  return { t, token };
}

function upload(
  t: TestApp,
  token: string,
  path: string,
  bytes: Buffer,
  options: Parameters<typeof multipartFile>[1] = {},
) {
  const { payload, headers } = multipartFile(bytes, options);
  return t.app.inject({
    method: 'POST',
    url: `/cfop/files/${path}`,
    headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
    payload,
  });
}

function get(t: TestApp, token: string | undefined, path: string) {
  return t.app.inject({
    method: 'GET',
    url: `/cfop/files/${path}`,
    headers: { ...clientHeaders, ...(token === undefined ? {} : { [tokenHeader]: token }) },
  });
}

describe('uploadStaffPhoto', () => {
  it('stores a photo under DATA_DIR/files/<id>, records and answers its name, size, type and SHA-256', async () => {
    const { t, token } = await signedIn();
    const response = await upload(t, token, 'staff-photos', pngBytes, {
      fileName: 'C:\\photos\\张三.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(200);
    const answer = {
      id: 1,
      name: '张三.png',
      size: pngBytes.length,
      sha256: sha256(pngBytes),
      contentType: 'image/png',
      createdAt: t.clock.now().toISOString(),
    };
    expect(response.json().data).toEqual(answer);
    expect(readFileSync(join(t.dataDir, 'files', '1'))).toEqual(pngBytes);
    expect(filesOnDisk(t.dataDir)).toEqual(['1']);
    expect(withSqlite(t.dataDir, (db) => db.prepare('select * from files').all())).toEqual([
      {
        id: 1,
        kind: 'uploadStaffPhoto',
        name: '张三.png',
        size: pngBytes.length,
        content_type: 'image/png',
        sha256: sha256(pngBytes),
        uploaded_by: 1,
        ai_server_id: null,
        created_at: answer.createdAt,
        // A file of its own, not in a pack.
        pack: null,
        pack_offset: null,
      },
    ]);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'uploadStaffPhoto',
      area: 'KEY.ACCESS.EMPLOYEE',
      target: '#1 张三.png',
      result: 'success',
    });
  });

  it('reads the type from the first bytes, not the name or the client’s Content-Type', async () => {
    const { t, token } = await signedIn();
    const response = await upload(t, token, 'staff-photos', jpegBytes, {
      fileName: 'face.txt',
      contentType: 'text/plain',
    });
    expect(response.json().data).toMatchObject({ name: 'face.txt', contentType: 'image/jpeg' });
  });

  it.each([
    ['text named .png', Buffer.from('<html><script>alert(1)</script></html>'), /^文件类型不允许/],
    [
      'a GIF (an image, but not an allowed type)',
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
      /^文件类型不允许/,
    ],
    ['an empty file', Buffer.alloc(0), /^文件为空$/],
    [
      'one byte over the limit',
      Buffer.concat([pngBytes, Buffer.alloc(photoLimit + 1 - pngBytes.length)]),
      /^文件不能超过 2 MB$/,
    ],
  ])(
    'refuses %s with a 400 naming the file part, leaving nothing on disk or in the table',
    async (_case, bytes, message) => {
      const { t, token } = await signedIn();
      const before = snapshotRows(t.dataDir);
      const response = await upload(t, token, 'staff-photos', bytes, {
        fileName: 'photo.png',
        contentType: 'image/png',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: '400' });
      expect(response.json().data.errors).toEqual([
        { field: 'file', message: expect.stringMatching(message) },
      ]);
      expect(response.headers.connection).toBe('close');
      expect(snapshotRows(t.dataDir)).toEqual(before);
      expect(filesOnDisk(t.dataDir)).toEqual([]);
      expect(operationLog(t.dataDir).at(-1)).toMatchObject({
        action: 'uploadStaffPhoto',
        result: 'failure',
        code: '400',
      });
    },
  );

  it('takes a file of exactly the limit', async () => {
    const { t, token } = await signedIn();
    const bytes = Buffer.concat([pngBytes, Buffer.alloc(photoLimit - pngBytes.length)]);
    const response = await upload(t, token, 'staff-photos', bytes);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.size).toBe(photoLimit);
  });

  it('refuses a declared Content-Length far over the limit before reading the body', async () => {
    const { t, token } = await signedIn();
    const { payload, headers } = multipartFile(pngBytes);
    const response = await t.app.inject({
      method: 'POST',
      url: '/cfop/files/staff-photos',
      headers: {
        ...clientHeaders,
        [tokenHeader]: token,
        ...headers,
        'content-length': String(photoLimit * 2),
      },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: 'file', message: '文件不能超过 2 MB' }]);
    expect(filesOnDisk(t.dataDir)).toEqual([]);
  });

  it('refuses a JSON body, a missing file part and a part of another name', async () => {
    const { t, token } = await signedIn();
    const json = await t.call('uploadStaffPhoto', { token, body: { file: 'aGVsbG8=' } });
    expect(json.status).toBe(400);
    expect(json.body.data.errors).toEqual([{ field: 'file', message: '必须以 multipart/form-data 上传' }]);
    const other = await upload(t, token, 'staff-photos', pngBytes, { field: 'photo' });
    expect(other.statusCode).toBe(400);
    expect(other.json().data.errors).toEqual([{ field: 'photo', message: '不允许的字段' }]);
    const boundary = 'b0undary';
    const empty = await t.app.inject({
      method: 'POST',
      url: '/cfop/files/staff-photos',
      headers: {
        ...clientHeaders,
        [tokenHeader]: token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.errors).toEqual([{ field: 'file', message: '必填' }]);
    expect(filesOnDisk(t.dataDir)).toEqual([]);
  });

  it('does not let a multipart body reach an operation that takes JSON', async () => {
    const { t, token } = await signedIn();
    const { payload, headers } = multipartFile(pngBytes);
    const response = await t.app.inject({
      method: 'POST',
      url: '/cfop/aiservers',
      headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([
      { field: 'body', message: expect.stringMatching(/^必须是 JSON/) },
    ]);
  });
});

describe('uploadModelFile', () => {
  it('takes any bytes as application/octet-stream and serves them back as an attachment', async () => {
    const { t, token } = await signedIn();
    const bytes = Buffer.from('\x08\x07\x12\x07pytorch ONNX protobuf bytes');
    const response = await upload(t, token, 'model-files', bytes, { fileName: 'yolov8n helmet.onnx' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      contentType: 'application/octet-stream',
      sha256: sha256(bytes),
    });
    const served = await get(t, token, `model-files/${response.json().data.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-length']).toBe(String(bytes.length));
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="yolov8n helmet.onnx"; filename*=UTF-8''yolov8n%20helmet.onnx`,
    );
  });
});

describe('serving files', () => {
  it('serves a photo inline with its type and nosniff, only to holders of its resource’s key', async () => {
    const { t, token } = await signedIn();
    const { id } = (await upload(t, token, 'staff-photos', pngBytes, { fileName: '照片.png' })).json().data;
    const served = await get(t, token, `staff-photos/${id}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(pngBytes);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `inline; filename="__.png"; filename*=UTF-8''%E7%85%A7%E7%89%87.png`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });

    await addRole(t.dataDir, 'model-only', ['KEY.MODEL']);
    await addUser(t.dataDir, { username: 'modeller', password: 'Model12345', roles: ['model-only'] });
    const modeller = await t.signIn('modeller', 'Model12345');
    expect((await get(t, modeller, `staff-photos/${id}`)).statusCode).toBe(403);
    // The photo's id through the model files' operation, which the modeller may call: not a model file.
    const other = await get(t, modeller, `model-files/${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe(`文件不存在（id ${id}）`);
    expect((await get(t, undefined, `staff-photos/${id}`)).statusCode).toBe(401);
    expect((await get(t, token, 'staff-photos/99')).statusCode).toBe(404);
  });
});

describe('fileReferenceProblems', () => {
  it('names each field whose id is no stored file, or a file of another kind', async () => {
    const { t, token } = await signedIn();
    await upload(t, token, 'staff-photos', pngBytes);
    await upload(t, token, 'model-files', pngBytes);
    const db = await openTestDatabase(t.dataDir);
    try {
      const fields = { photo: 'uploadStaffPhoto', model: 'uploadModelFile', other: 'uploadStaffPhoto' };
      expect(await fileReferenceProblems(db, fields, { photo: 1, model: 2, other: null })).toEqual([]);
      expect(await fileReferenceProblems(db, fields, { photo: 2, model: 9, other: 1 })).toEqual([
        {
          field: 'photo',
          message: { zh: '文件 2 不是此处可用的文件', en: 'file 2 is not a file this field takes' },
        },
        { field: 'model', message: { zh: '文件不存在（id 9）', en: 'no such file (id 9)' } },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
