import { ApiError, badInput } from '../../kernel/api-error';
import type { LocalText } from '../../kernel/locale';
import { XaddrRefused } from './onvif-device';

/**
 * What an operator is told when an ONVIF device cannot be read: fixed texts, so the device's and
 * the library's own words (which name hosts and ports) stay in the server log.
 */
export const onvifFailureReasons = {
  unreachable: {
    zh: '无法连接 ONVIF 设备（网络不可达、端口未开放或主机名无法解析）',
    en: 'the ONVIF device could not be reached (no route to it, its port closed, or its name does not resolve)',
  },
  timedOut: {
    zh: 'ONVIF 设备在时限内没有应答',
    en: 'the ONVIF device did not answer within the time-out',
  },
  notOnvif: {
    zh: '该地址没有按 ONVIF 协议应答',
    en: 'the address did not answer as an ONVIF device',
  },
  credentials: {
    zh: '设备拒绝了用户名或密码',
    en: 'the device refused the user name or password',
  },
} satisfies Record<string, LocalText>;

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * The house's answer for what reading a device failed with: refused credentials a 400 naming
 * `password` (the device's WS-Security fault, or HTTP digest refused), silence a 504, anything else
 * a 502 with its fixed reason. Errors already the house's pass as they are.
 */
export function onvifFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const { message = '', code = '' } = (error ?? {}) as { message?: string; code?: string };
  if (error instanceof XaddrRefused) return new ApiError('502', onvifFailureReasons.unreachable);
  if (/not ?authori[sz]ed|authentication failed/i.test(message))
    return badInput([{ field: 'password', message: onvifFailureReasons.credentials }]);
  if (message === 'Network timeout' || code === 'ETIMEDOUT')
    return new ApiError('504', onvifFailureReasons.timedOut);
  if (networkCodes.has(code)) return new ApiError('502', onvifFailureReasons.unreachable);
  return new ApiError('502', onvifFailureReasons.notOnvif);
}
