import { serveFile, storeFile } from './file-store';
import {
  requireSession,
  type OperationHandler,
  type SomeOperationHandlers,
} from '../operations/operation-handler';

/**
 * An upload operation's handler: the pipeline has received and checked the file against the
 * operation's `encoding`; this records it as a file of kind `kind` (the operationId itself).
 */
function upload(kind: string): OperationHandler<'uploadStaffPhoto' | 'uploadModelFile'> {
  return async (input, ctx) => {
    const file = input.file;
    if (!file) throw new Error(`${kind} is bound to an operation without a multipart body`);
    input.audit.target = file.name;
    const stored = await storeFile(ctx, file, kind, { userId: requireSession(input).userId });
    input.audit.target = `#${stored.id} ${stored.name}`;
    input.audit.detail = {
      zh: `${stored.size} 字节，SHA-256 ${stored.sha256}`,
      en: `${stored.size} bytes, SHA-256 ${stored.sha256}`,
    };
    return stored;
  };
}

/** Serves a file of kind `kind`; the operation's x-access is the key of the resource holding such files. */
function serve(kind: string): OperationHandler<'getStaffPhoto' | 'getModelFile'> {
  return (input, ctx) => serveFile(ctx, input.params.id, kind);
}

export const fileOperations = {
  uploadStaffPhoto: upload('uploadStaffPhoto'),
  getStaffPhoto: serve('uploadStaffPhoto'),
  uploadModelFile: upload('uploadModelFile'),
  getModelFile: serve('uploadModelFile'),
} satisfies SomeOperationHandlers;
