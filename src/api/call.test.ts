// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { securityHeaders, timeZoneHeader } from '../generated/contract';
import { appSettings } from '../generated/settings';
import { localeStore } from '../i18n/locale-store';
import { call } from './call';
import { BusinessError, RequestError, getFieldErrors } from './errors';
import { envelope, fakeBackend, hangUntilAborted, jsonResponse } from './test-support';
import { tokenStore } from './token-store';

const user = {
  id: 1,
  userName: 'admin',
  name: 'Admin',
  phone: null,
  roles: [],
  permissionInfos: [],
  lastLoginAt: null,
};

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  localStorage.clear();
  localeStore.set('zh-CN');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request headers', () => {
  it('sends client type, host, language and the stored token to the /cfop path', async () => {
    tokenStore.set('abc123');
    const { api, requests } = fakeBackend(() => jsonResponse(envelope('0', user)));
    await call(api.GET('/user/info'));
    const [request] = requests;
    expect(new URL(request?.url ?? '').pathname).toBe('/cfop/user/info');
    expect(request?.headers.get(securityHeaders.clientType)).toBe('PC');
    expect(request?.headers.get(securityHeaders.clientHost)).toBe(location.host);
    expect(request?.headers.get(securityHeaders.sessionToken)).toBe('abc123');
    expect(request?.headers.get('Accept-Language')).toBe('zh-CN');
    expect(request?.headers.get(timeZoneHeader)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('leaves the token header out without a stored token and follows the UI language', async () => {
    localeStore.set('en-US');
    const { api, requests } = fakeBackend(() => jsonResponse(envelope('0', user)));
    await call(api.GET('/user/info'));
    expect(requests[0]?.headers.has(securityHeaders.sessionToken)).toBe(false);
    expect(requests[0]?.headers.get(securityHeaders.clientType)).toBe('PC');
    expect(requests[0]?.headers.get('Accept-Language')).toBe('en-US');
  });

  it('keeps the request body', async () => {
    const { api, requests } = fakeBackend(() => jsonResponse(envelope('0', { token: 't', expiresAt: '' })));
    await call(api.POST('/login/bypwd', { body: { username: 'admin', password: 'pw' } }));
    expect(await requests[0]?.json()).toEqual({ username: 'admin', password: 'pw' });
  });
});

describe('answers', () => {
  it('resolves the data of a code "0" envelope without any toast', async () => {
    const { api, effects } = fakeBackend(() => jsonResponse(envelope('0', user)));
    await expect(call(api.GET('/user/info'))).resolves.toEqual(user);
    expect(effects.toastError).not.toHaveBeenCalled();
  });

  it('raises a business error with code, msg and data and toasts the server msg', async () => {
    const data = { errors: [{ field: 'username', message: '长度不能少于 3 个字符' }] };
    const { api, effects } = fakeBackend(() =>
      jsonResponse(envelope('400', data, 'username：长度不能少于 3 个字符'), 400),
    );
    const error = await failure(call(api.POST('/login/bypwd', { body: { username: 'a', password: 'p' } })));
    expect(error).toBeInstanceOf(BusinessError);
    expect(error).toMatchObject({ code: '400', msg: 'username：长度不能少于 3 个字符', data });
    expect(getFieldErrors(error)).toEqual({ username: '长度不能少于 3 个字符' });
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('username：长度不能少于 3 个字符');
    expect(effects.goToLogin).not.toHaveBeenCalled();
  });

  it('treats success false as a business error even on HTTP 200', async () => {
    const { api, effects } = fakeBackend(() => jsonResponse(envelope('1001', null, '用户名或密码错误')));
    const error = await failure(call(api.GET('/user/info')));
    expect(error).toMatchObject({ name: 'BusinessError', code: '1001' });
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('用户名或密码错误');
  });

  it('on code 401 toasts 登陆已过期 and goes to the login page', async () => {
    const { api, effects } = fakeBackend(() => jsonResponse(envelope('401', null, '未登录'), 401));
    const error = await failure(call(api.GET('/user/info')));
    expect(error).toMatchObject({ code: '401' });
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('登陆已过期');
    expect(effects.goToLogin).toHaveBeenCalledOnce();
  });

  it('on code 401 says Login expired in English', async () => {
    localeStore.set('en-US');
    const { api, effects } = fakeBackend(() => jsonResponse(envelope('401', null, 'not signed in'), 401));
    await failure(call(api.GET('/user/info')));
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('Login expired');
  });

  it('on code 401 stays put when already on the login page', async () => {
    const { api, effects } = fakeBackend(() => jsonResponse(envelope('401', null), 401));
    effects.isOnLoginPage.mockReturnValue(true);
    await failure(call(api.GET('/user/info')));
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('登陆已过期');
    expect(effects.goToLogin).not.toHaveBeenCalled();
  });

  it('shows a non-envelope HTTP error as its response text', async () => {
    const { api, effects } = fakeBackend(() => new Response('upstream unavailable', { status: 502 }));
    const error = await failure(call(api.GET('/user/info')));
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'upstream unavailable' });
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('upstream unavailable');
  });

  it('shows the status of an HTTP error with an empty body', async () => {
    const { api, effects } = fakeBackend(
      () => new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    );
    await failure(call(api.GET('/user/info')));
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('503 Service Unavailable');
  });

  it('shows None response when the network fails', async () => {
    const { api, effects } = fakeBackend(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(call(api.GET('/user/info')));
    expect(error).toMatchObject({ name: 'RequestError', kind: 'no-response' });
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('网络无响应，请重试');
  });

  it('shows exactly the fixed sentence for no response in English', async () => {
    localeStore.set('en-US');
    const { api, effects } = fakeBackend(() => Promise.reject(new TypeError('Failed to fetch')));
    await failure(call(api.GET('/user/info')));
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('None response! Please retry.');
  });

  it('times out a request that gets no answer and reports no response', async () => {
    const { api, effects } = fakeBackend(hangUntilAborted, 20);
    const error = await failure(call(api.GET('/user/info')));
    expect(error).toMatchObject({ kind: 'no-response' });
    expect((error as RequestError).cause).toMatchObject({ name: 'TimeoutError' });
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('网络无响应，请重试');
  });

  it('uses the product time-out of appSettings by default', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const { api } = fakeBackend(() => jsonResponse(envelope('0', user)));
    await call(api.GET('/user/info'));
    expect(timeout).toHaveBeenCalledWith(appSettings.requestTimeoutMs);
    expect(appSettings.requestTimeoutMs).toBe(60000);
  });

  it("still honours the caller's own abort signal", async () => {
    const { api, requests, effects } = fakeBackend(hangUntilAborted);
    const controller = new AbortController();
    const pending = call(api.GET('/user/info', { signal: controller.signal }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    const error = await failure(pending);
    expect(error).toMatchObject({ kind: 'no-response' });
    expect(effects.toastError).toHaveBeenCalledOnce();
  });

  it('shows Request error for an answer that is not an envelope', async () => {
    const { api, effects } = fakeBackend(() => jsonResponse({ hello: 'world' }));
    const error = await failure(call(api.GET('/user/info')));
    expect(error).toMatchObject({ kind: 'unexpected' });
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('请求错误，请重试');
  });

  it('shows exactly the fixed sentence for an unexpected failure in English', async () => {
    localeStore.set('en-US');
    const { api, effects } = fakeBackend(
      () => new Response('{not json', { headers: { 'Content-Type': 'application/json' } }),
    );
    const error = await failure(call(api.GET('/user/info')));
    expect(error).toMatchObject({ kind: 'unexpected' });
    expect((error as RequestError).cause).toBeInstanceOf(SyntaxError);
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('Request error, please retry.');
  });
});

describe('skipErrorHandler', () => {
  it('suppresses the 401 toast and navigation but still throws', async () => {
    const { api, effects } = fakeBackend(() => jsonResponse(envelope('401', null), 401));
    const error = await failure(call(api.POST('/logout'), { skipErrorHandler: true }));
    expect(error).toMatchObject({ code: '401' });
    expect(effects.toastError).not.toHaveBeenCalled();
    expect(effects.goToLogin).not.toHaveBeenCalled();
  });

  it('suppresses the toast of a business error and of a failed network', async () => {
    const business = fakeBackend(() => jsonResponse(envelope('500', null, 'boom'), 500));
    await expect(call(business.api.GET('/user/info'), { skipErrorHandler: true })).rejects.toBeInstanceOf(
      BusinessError,
    );
    expect(business.effects.toastError).not.toHaveBeenCalled();
    const offline = fakeBackend(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call(offline.api.GET('/user/info'), { skipErrorHandler: true })).rejects.toBeInstanceOf(
      RequestError,
    );
    expect(offline.effects.toastError).not.toHaveBeenCalled();
  });
});

describe('formFields: field messages the calling form shows', () => {
  const duplicate = {
    errors: [{ field: 'serialNumber', message: '序列号已存在' }],
  };
  const formFields = ['name', 'serialNumber', 'ip'];

  it('leaves out the toast when the form shows every field message, and still throws them', async () => {
    const { api, effects } = fakeBackend(() =>
      jsonResponse(envelope('400', duplicate, 'serialNumber：序列号已存在'), 400),
    );
    const error = await failure(call(api.GET('/user/info'), { formFields }));
    expect(error).toMatchObject({ code: '400', msg: 'serialNumber：序列号已存在' });
    expect(getFieldErrors(error)).toEqual({ serialNumber: '序列号已存在' });
    expect(effects.toastError).not.toHaveBeenCalled();
  });

  it('leaves out the toast for any business code whose field messages the form shows', async () => {
    const wrongOld = { errors: [{ field: 'oldPassword', message: '原密码错误' }] };
    const { api, effects } = fakeBackend(() => jsonResponse(envelope('1003', wrongOld, '原密码错误'), 400));
    await failure(call(api.GET('/user/info'), { formFields: ['oldPassword', 'newPassword'] }));
    expect(effects.toastError).not.toHaveBeenCalled();
  });

  it('toasts the server msg when a field message names a field not on the form', async () => {
    const data = {
      errors: [
        { field: 'serialNumber', message: '序列号已存在' },
        { field: 'ownerId', message: '不存在' },
      ],
    };
    const { api, effects } = fakeBackend(() =>
      jsonResponse(envelope('400', data, 'serialNumber：序列号已存在；ownerId：不存在'), 400),
    );
    await failure(call(api.GET('/user/info'), { formFields }));
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('serialNumber：序列号已存在；ownerId：不存在');
  });

  it('toasts the server msg of a business error without field messages', async () => {
    const { api, effects } = fakeBackend(() => jsonResponse(envelope('1001', null, '用户名或密码错误'), 400));
    await failure(call(api.GET('/user/info'), { formFields: ['username', 'password'] }));
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('用户名或密码错误');
  });

  it('toasts field messages as before when the caller names no form fields', async () => {
    const { api, effects } = fakeBackend(() =>
      jsonResponse(envelope('400', duplicate, 'serialNumber：序列号已存在'), 400),
    );
    await failure(call(api.GET('/user/info'), { formFields: [] }));
    expect(effects.toastError).toHaveBeenCalledExactlyOnceWith('serialNumber：序列号已存在');
  });

  it('keeps 401 and request failures exactly as the fixed rules say', async () => {
    const expired = fakeBackend(() => jsonResponse(envelope('401', duplicate, '未登录'), 401));
    await failure(call(expired.api.GET('/user/info'), { formFields }));
    expect(expired.effects.toastError).toHaveBeenCalledExactlyOnceWith('登陆已过期');
    expect(expired.effects.goToLogin).toHaveBeenCalledOnce();

    const http = fakeBackend(() => new Response('upstream unavailable', { status: 502 }));
    await failure(call(http.api.GET('/user/info'), { formFields }));
    expect(http.effects.toastError).toHaveBeenCalledExactlyOnceWith('upstream unavailable');

    const offline = fakeBackend(() => Promise.reject(new TypeError('Failed to fetch')));
    await failure(call(offline.api.GET('/user/info'), { formFields }));
    expect(offline.effects.toastError).toHaveBeenCalledExactlyOnceWith('网络无响应，请重试');
  });
});
