import { describe, expect, it } from 'vitest';
import { operationHandlers } from '../generated/operation-handlers';
import { multipartFile, pngBytes } from '../test-support/multipart';
import {
  clientHeaders,
  filesOnDisk,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type TestApp,
} from '../test-support/test-app';

const full = (code: string) => Object.assign(new Error(`${code}: no space left`), { code });

async function upload(t: TestApp, token: string, lang: string) {
  const { payload, headers } = multipartFile(pngBytes, { fileName: 'face.png' });
  return t.app.inject({
    method: 'POST',
    url: '/cfop/files/staff-photos',
    headers: { ...clientHeaders, [tokenHeader]: token, 'accept-language': lang, ...headers },
    payload,
  });
}

describe('a full disk', () => {
  it('is answered 507 with what to do, leaves no upload behind, and the same call works once space is back', async () => {
    const failures = [full('ENOSPC'), full('SQLITE_FULL'), full('EDQUOT')];
    const t = await startTestApp({
      handlers: {
        async uploadStaffPhoto(input, ctx) {
          const failure = failures.shift();
          if (failure) throw failure;
          return operationHandlers.uploadStaffPhoto?.(input, ctx);
        },
      },
    });
    const token = await t.signIn('admin', testAdminPassword);

    const zh = await upload(t, token, 'zh-CN');
    expect(zh.statusCode).toBe(507);
    expect(zh.json()).toEqual({
      success: false,
      code: '507',
      msg: '服务器磁盘已满，请清理空间后重试',
      data: null,
    });
    const en = await upload(t, token, 'en-US');
    expect(en.statusCode).toBe(507);
    expect(en.json().msg).toBe("The server's disk is full; free some space and retry");
    expect((await upload(t, token, 'en-US')).statusCode).toBe(507);
    expect(filesOnDisk(t.dataDir)).toEqual([]);

    const stored = await upload(t, token, 'zh-CN');
    expect(stored.statusCode).toBe(200);
    expect(filesOnDisk(t.dataDir)).toEqual([String(stored.json().data.id)]);
  });
});
