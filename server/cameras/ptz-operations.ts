import type { CamerasContext } from './cameras-context';
import { XaddrRefused, type OnvifCredentials } from './onvif/onvif-device';
import { onvifFailure } from './onvif/onvif-failures';
import { onvifPtz, type Steer } from './onvif/onvif-ptz';
import { PtzUnavailable } from './onvif/ptz-links';
import { deviceOptionsOf } from './onvif/onvif-settings';
import { opensPtzSession } from './ptz-control-sessions';
import { ApiError, refusal } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import type { AuditNote } from '../operations/audit-note';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';
import { notFound } from '../resources/resource-service';
import { forbiddenHostFor } from '../streams/stream-address';
import { hideCredentials } from '../streams/stream-credentials';

const noOnvif: LocalText = {
  zh: '此摄像头未配置 ONVIF 地址',
  en: 'This camera has no ONVIF address',
};
const noPtz: LocalText = {
  zh: '设备不支持云台控制（PTZ）',
  en: 'the device offers no PTZ control',
};
const storedCredentialsRefused: LocalText = {
  zh: '设备拒绝了摄像头保存的 ONVIF 用户名或密码',
  en: "the device refused the camera's stored ONVIF user name or password",
};

/** The camera's ONVIF address and credentials; names it in the log entry. */
async function onvifOf(ctx: CamerasContext, cameraId: number, audit: AuditNote): Promise<OnvifCredentials> {
  audit.target = `#${cameraId}`;
  const camera = await ctx.db
    .selectFrom('cameras')
    .select(['name', 'onvif_xaddr', 'onvif_username', 'onvif_password'])
    .where('id', '=', cameraId)
    .executeTakeFirst();
  if (!camera) throw notFound(cameraId);
  audit.target = `#${cameraId} ${camera.name}`;
  if (camera.onvif_xaddr === '') throw refusal([{ field: 'id', message: noOnvif }]);
  return { xaddr: camera.onvif_xaddr, username: camera.onvif_username, password: camera.onvif_password };
}

/**
 * What a PTZ call failed with, as the house answers it: the request names no address nor
 * credentials of its own, so what the stored ones are refused for is a 400 naming the camera; the
 * device's own words go to the server log.
 */
function ptzFailure(ctx: CamerasContext, xaddr: string, error: unknown): ApiError {
  if (error instanceof XaddrRefused && error.kind === 'refused-address')
    return refusal([{ field: 'id', message: forbiddenHostFor('CFOP_CAMERA_ALLOW_HOSTS') }]);
  if (error instanceof PtzUnavailable) return new ApiError('502', noPtz);
  const detail = error instanceof Error ? error.message : String(error);
  ctx.onvif.log.warn(`ONVIF PTZ on ${xaddr} failed: ${hideCredentials(detail)}`);
  const failure = onvifFailure(error);
  return failure.fieldProblems.length > 0
    ? refusal([{ field: 'id', message: storedCredentialsRefused }])
    : failure;
}

/** Runs a PTZ call on the camera's device, found by its stored ONVIF address and credentials. */
async function onCamera<T>(
  ctx: CamerasContext,
  credentials: OnvifCredentials,
  call: (steer: Steer) => Promise<T>,
): Promise<T> {
  try {
    return await call((command) => ctx.onvif.ptzLinks.run(credentials, deviceOptionsOf(ctx), command));
  } catch (error) {
    throw ptzFailure(ctx, credentials.xaddr, error);
  }
}

/** PTZ: moving, stopping, presets and home, through each camera's own ONVIF services. */
export const ptzOperations = {
  async moveCameraPtz(input, ctx) {
    const { id } = input.params;
    const credentials = await onvifOf(ctx, id, input.audit);
    const userId = requireSession(input).userId;
    input.audit.continuing = !(await opensPtzSession(ctx.db, ctx.clock.now(), id, userId));
    await onCamera(ctx, credentials, (steer) => onvifPtz.move(steer, input.body));
    return null;
  },

  async stopCameraPtz(input, ctx) {
    const credentials = await onvifOf(ctx, input.params.id, input.audit);
    await onCamera(ctx, credentials, onvifPtz.stop);
    return null;
  },

  async gotoCameraPtzHome(input, ctx) {
    const credentials = await onvifOf(ctx, input.params.id, input.audit);
    await onCamera(ctx, credentials, onvifPtz.home);
    return null;
  },

  async listCameraPtzPresets(input, ctx) {
    const credentials = await onvifOf(ctx, input.params.id, input.audit);
    return onCamera(ctx, credentials, onvifPtz.presets);
  },

  async saveCameraPtzPreset(input, ctx) {
    const credentials = await onvifOf(ctx, input.params.id, input.audit);
    const { name } = input.body;
    const preset = await onCamera(ctx, credentials, (steer) => onvifPtz.savePreset(steer, name));
    input.audit.detail = { zh: `预置位 ${preset.token} ${name}`, en: `preset ${preset.token} ${name}` };
    return preset;
  },

  async removeCameraPtzPreset(input, ctx) {
    const { id, presetToken } = input.params;
    const credentials = await onvifOf(ctx, id, input.audit);
    input.audit.detail = { zh: `预置位 ${presetToken}`, en: `preset ${presetToken}` };
    await onCamera(ctx, credentials, (steer) => onvifPtz.removePreset(steer, presetToken));
    return null;
  },

  async gotoCameraPtzPreset(input, ctx) {
    const { id, presetToken } = input.params;
    const credentials = await onvifOf(ctx, id, input.audit);
    input.audit.detail = { zh: `预置位 ${presetToken}`, en: `preset ${presetToken}` };
    await onCamera(ctx, credentials, (steer) => onvifPtz.goToPreset(steer, presetToken));
    return null;
  },
} satisfies SomeOperationHandlers<CamerasContext>;
