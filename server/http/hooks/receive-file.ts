import { rm } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { UploadSpec } from '../../contract/load-contract';
import { incomingDir } from '../../files/file-store';
import { receiveUpload } from '../../files/receive-upload';
import { callOf } from './operation-call';

/**
 * preHandler, after validation: an upload operation's file, received into a temporary file. A
 * refused one closes the connection, as the rest of its body is left unread.
 */
export function receiveFile(ctx: AppContext, spec: UploadSpec) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      callOf(request).file = await receiveUpload(request, spec, incomingDir(ctx.dataDir));
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
  };
}

/**
 * onSend: the handler moved the file to its place, or the call failed; either way nothing is left
 * behind by the time the caller has its answer.
 */
export async function removeReceivedFile(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const { file } = callOf(request);
  if (file) await rm(file.tempPath, { force: true });
  return payload;
}
