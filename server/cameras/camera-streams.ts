import type { components } from '../../src/generated/openapi';
import type { CamerasContext } from './cameras-context';
import { badInput, type FieldProblem } from '../kernel/api-error';
import { streamUrlProblem } from '../streams/stream-address';
import type { LocalText } from '../kernel/locale';
import { keepStoredPassword, maskWithoutPassword, passwordMask } from '../streams/stream-credentials';

type CameraInput = components['schemas']['CameraInput'];

/** The camera fields holding stream URLs, and their columns. */
const streamColumns = [
  ['mainStreamUrl', 'main_stream_url'],
  ['subStreamUrl', 'sub_stream_url'],
] as const;

const onvifMaskRefused: LocalText = {
  zh: '密码是掩码，请重新输入（只有 ONVIF 地址与用户名都不变时才沿用已保存的密码）',
  en: 'the password is the mask: type it again (the stored password is kept only while the ONVIF address and user name stay the same)',
};

/**
 * The camera body to store: a password sent back as the mask replaced by the stored one, and every
 * stream URL and the ONVIF address checked against where the server may connect
 * (CFOP_CAMERA_ALLOW_HOSTS). The stored ONVIF password is only reused for the same address and user:
 * otherwise an operator who cannot read it could have the server send it to a device of their own.
 * Refuses with a 400 naming each bad field. Runs before the write's transaction: the check may
 * resolve a name.
 */
export async function cameraBodyToStore(
  ctx: CamerasContext,
  body: CameraInput,
  cameraId: number | null,
): Promise<CameraInput> {
  const stored =
    cameraId === null
      ? undefined
      : await ctx.db
          .selectFrom('cameras')
          .select(['main_stream_url', 'sub_stream_url', 'onvif_xaddr', 'onvif_username', 'onvif_password'])
          .where('id', '=', cameraId)
          .executeTakeFirst();
  const problems: FieldProblem[] = [];
  const kept: CameraInput = { ...body };
  for (const [field, column] of streamColumns) {
    const sent = body[field];
    if (typeof sent !== 'string') continue;
    const url = keepStoredPassword(sent, stored?.[column] ?? null);
    const problem = url === null ? maskWithoutPassword : await streamUrlProblem(url, ctx.streamPolicy);
    if (problem) problems.push({ field, message: problem });
    if (url !== null) kept[field] = url;
  }
  if (body.onvifPassword === passwordMask) {
    const same =
      stored !== undefined &&
      stored.onvif_password !== '' &&
      stored.onvif_xaddr === (body.onvifXaddr ?? '') &&
      stored.onvif_username === (body.onvifUsername ?? '');
    if (same) kept.onvifPassword = stored.onvif_password;
    else problems.push({ field: 'onvifPassword', message: onvifMaskRefused });
  }
  if (body.onvifXaddr) {
    const problem = await streamUrlProblem(body.onvifXaddr, ctx.streamPolicy);
    if (problem) problems.push({ field: 'onvifXaddr', message: problem });
  }
  if (problems.length > 0) throw badInput(problems);
  return kept;
}
