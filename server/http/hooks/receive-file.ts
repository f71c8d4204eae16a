import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpContext } from '../http-context';
import type { UploadSpec } from '../../contract/load-contract';
import { receiveUpload } from '../receive-upload';
import type { SchemaCompiler } from '../../contract/schema-compiler';
import { createJsonPartsValidator } from '../request-validation';
import { callOf } from './operation-call';

/**
 * preHandler, after validation: an upload operation's file, received into a temporary file, and
 * its JSON parts checked against their schemas. A refused file closes the connection, as the rest
 * of its body is left unread.
 */
export function receiveFile(ctx: HttpContext, spec: UploadSpec, compile: SchemaCompiler) {
  const checkJsonParts = createJsonPartsValidator(spec, compile);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const call = callOf(request);
    let jsonTexts: Readonly<Record<string, string>>;
    try {
      const received = await receiveUpload(request, spec, ctx.storage);
      call.file = received.file;
      jsonTexts = received.jsonTexts;
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
    // The body was read whole: a refusal here keeps the connection, and removeReceivedFile the file.
    call.jsonParts = checkJsonParts(jsonTexts);
  };
}

/**
 * onSend: the handler moved the file to its place, or the call failed; either way nothing is left
 * behind by the time the caller has its answer.
 */
export function removeReceivedFile(ctx: HttpContext) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const { file } = callOf(request);
    // Mostly moved already, which is no error. One held in memory left nothing.
    if (file && 'incomingKey' in file) await ctx.storage.delete(file.incomingKey);
    return payload;
  };
}
