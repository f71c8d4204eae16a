import type { components } from '../../src/generated/openapi';
import type { CamerasContext } from './cameras-context';
import { badInput, type FieldProblem } from '../kernel/api-error';
import { streamUrlProblem } from '../streams/stream-address';
import { keepStoredPassword, maskWithoutPassword } from '../streams/stream-credentials';

type CameraInput = components['schemas']['CameraInput'];

/** The camera fields holding stream URLs, and their columns. */
const streamColumns = [
  ['mainStreamUrl', 'main_stream_url'],
  ['subStreamUrl', 'sub_stream_url'],
] as const;

/**
 * The camera body to store: a password sent back as the mask replaced by the stored one, and every
 * stream URL checked against where the server may connect (CFOP_CAMERA_ALLOW_HOSTS). Refuses with a
 * 400 naming each bad field. Runs before the write's transaction: the check may resolve a name.
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
          .select(['main_stream_url', 'sub_stream_url'])
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
  if (problems.length > 0) throw badInput(problems);
  return kept;
}
