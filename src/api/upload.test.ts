// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BusinessError, RequestError } from './errors';
import { envelope, fakeBackend } from './test-support';
import { tokenStore } from './token-store';
import { upload } from './upload';

/** Stands in for XMLHttpRequest: records what is sent, lets the test drive progress and the answer. */
class FakeXhr {
  static last: FakeXhr;
  readonly headers: Record<string, string> = {};
  readonly upload: { onprogress?: (event: Partial<ProgressEvent>) => void } = {};
  method = '';
  url = '';
  body: FormData | null = null;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  onprogress?: () => void;
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('upload', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    tokenStore.set('t0ken');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    tokenStore.clear();
  });

  const file = () => new File([new Uint8Array(10)], '模型.onnx');

  it('posts the file as its multipart part with every call’s headers, reports progress, answers the data', async () => {
    fakeBackend(() => new Response());
    const progress: number[] = [];
    const pending = upload<{ id: number }>('/files/model-files', 'file', file(), {
      onProgress: ({ loaded, total }) => progress.push(loaded / total),
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/cfop/files/model-files']);
    expect(xhr.headers).toMatchObject({
      'x-client-type': 'PC',
      'x-cfop-token': 't0ken',
      'accept-language': 'zh-CN',
    });
    expect((xhr.body?.get('file') as File).name).toBe('模型.onnx');
    xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
    xhr.answer(200, envelope('0', { id: 7 }));
    await expect(pending).resolves.toEqual({ id: 7 });
    expect(progress).toEqual([0.5, 1]);
  });

  it('turns a failure envelope into a BusinessError with the server’s message toasted', async () => {
    const { effects } = fakeBackend(() => new Response());
    const pending = upload('/files/staff-photos', 'file', file());
    FakeXhr.last.answer(400, {
      ...envelope('400', { errors: [{ field: 'file', message: '文件类型不允许' }] }),
      msg: 'file：文件类型不允许',
    });
    await expect(pending).rejects.toBeInstanceOf(BusinessError);
    expect(effects.toastError).toHaveBeenCalledWith('file：文件类型不允许');
  });

  it('fails as no-response when nothing moves for the stall time-out, and not while bytes go out', async () => {
    vi.useFakeTimers();
    const { effects } = fakeBackend(() => new Response());
    const pending = upload('/files/model-files', 'file', file(), { stallTimeoutMs: 1000 });
    const failed = expect(pending).rejects.toBeInstanceOf(RequestError);
    for (let step = 0; step < 5; step += 1) {
      vi.advanceTimersByTime(900);
      FakeXhr.last.upload.onprogress?.({ loaded: step, total: 10, lengthComputable: true });
    }
    expect(FakeXhr.last.aborted).toBe(false);
    vi.advanceTimersByTime(1000);
    await failed;
    expect(FakeXhr.last.aborted).toBe(true);
    expect(effects.toastError).toHaveBeenCalledWith('网络无响应，请重试');
  });

  it('reports nothing when the caller cancels', async () => {
    const { effects } = fakeBackend(() => new Response());
    const controller = new AbortController();
    const pending = upload('/files/model-files', 'file', file(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RequestError);
    expect(FakeXhr.last.aborted).toBe(true);
    expect(effects.toastError).not.toHaveBeenCalled();
  });
});
