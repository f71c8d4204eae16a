import type { AppContext } from '../app-context';
import { badInput, type FieldProblem } from '../http/api-error';
import type { OperationHandler } from '../operations/operation-handler';
import { streamUrlProblem } from './stream-address';
import { keepStoredPassword, maskWithoutPassword } from './stream-credentials';

/** The camera fields holding stream URLs, and their columns. */
const streamColumns = { mainStreamUrl: 'main_stream_url', subStreamUrl: 'sub_stream_url' } as const;

/**
 * The camera body to store: a password sent back as the mask replaced by the stored one, and every
 * stream URL checked against where the server may connect (CFOP_CAMERA_ALLOW_HOSTS). Refuses with a
 * 400 naming each bad field. Runs before the write's transaction: the check may resolve a name.
 */
async function cameraBodyToStore(
  ctx: AppContext,
  body: Readonly<Record<string, unknown>>,
  cameraId: number | null,
): Promise<Record<string, unknown>> {
  const stored =
    cameraId === null
      ? undefined
      : await ctx.db
          .selectFrom('cameras')
          .select(['main_stream_url', 'sub_stream_url'])
          .where('id', '=', cameraId)
          .executeTakeFirst();
  const problems: FieldProblem[] = [];
  const kept: Record<string, unknown> = { ...body };
  for (const [field, column] of Object.entries(streamColumns)) {
    const sent = body[field];
    if (typeof sent !== 'string') continue;
    const url = keepStoredPassword(sent, stored?.[column] ?? null);
    const problem = url === null ? maskWithoutPassword : await streamUrlProblem(url, ctx.streamPolicy);
    if (problem) problems.push({ field, message: problem });
    kept[field] = url;
  }
  if (problems.length > 0) throw badInput(problems);
  return kept;
}

/** A camera create or update handler given the body to store in place of the one sent. */
export function withStreamsChecked(handler: OperationHandler | undefined): OperationHandler {
  if (!handler) throw new Error('the camera resource has no create or update operation');
  return async (input, ctx) => {
    const id = (input.params as { id?: number } | undefined)?.id ?? null;
    const body = await cameraBodyToStore(ctx, input.body as Record<string, unknown>, id);
    return handler({ ...input, body }, ctx);
  };
}
