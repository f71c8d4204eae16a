import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { UploadSpec } from '../contract/load-contract';
import { privateDirMode, privateFileMode } from '../data-folder/private-files';
import { badInput, type ApiError } from '../http/api-error';
import type { LocalText } from '../http/locale';
import { acceptedType, sniffBytes } from './sniff-type';

/** A file received whole into a temporary file, with what the `files` table records of it. */
export interface ReceivedFile {
  readonly tempPath: string;
  readonly name: string;
  readonly size: number;
  readonly sha256: string;
  readonly contentType: string;
}

/** Room for the multipart boundaries and part headers around the file in Content-Length. */
const envelopeBytes = 16 * 1024;
const longestName = 255;

const refuse = (field: string, message: LocalText) => badInput([{ field, message }]);

const tooLarge = (field: string, maxBytes: number) =>
  refuse(field, {
    zh: `文件不能超过 ${formatBytes(maxBytes)}`,
    en: `must be at most ${formatBytes(maxBytes)}`,
  });

/**
 * Streams the request's one file part to `tempDir`, hashing and counting as it goes. Refused with a
 * 400 naming the part: a body that is not multipart, a missing or extra part, an empty file, a type
 * the first bytes do not show, or more bytes than `x-max-bytes` — then the stream stops where the
 * limit was crossed (a declared Content-Length over it is refused before reading) and the partial
 * file is removed.
 */
export async function receiveUpload(
  request: FastifyRequest,
  spec: UploadSpec,
  tempDir: string,
): Promise<ReceivedFile> {
  const { field } = spec;
  if (!request.isMultipart()) {
    throw badInput([
      {
        field,
        message: { zh: '必须以 multipart/form-data 上传', en: 'must be sent as multipart/form-data' },
      },
    ]);
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > spec.maxBytes + envelopeBytes)
    throw tooLarge(field, spec.maxBytes);

  const part = await request.file({
    limits: { fileSize: spec.maxBytes, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: false,
  });
  if (!part) throw badInput([{ field, message: { zh: '必填', en: 'is required' } }]);
  if (part.fieldname !== field) {
    part.file.resume();
    throw badInput([{ field: part.fieldname, message: { zh: '不允许的字段', en: 'is not allowed' } }]);
  }

  await mkdir(tempDir, { recursive: true, mode: privateDirMode });
  const tempPath = join(tempDir, randomBytes(16).toString('hex'));
  const hash = createHash('sha256');
  let size = 0;
  let contentType: string | null = null;
  let head = Buffer.alloc(0);
  const sniff = (): string => {
    const found = acceptedType(head, spec.contentTypes);
    if (found === null) throw wrongType(field, spec.contentTypes);
    return found;
  };
  // Created before streaming, so a refusal at any point finds (and removes) the file it left.
  const target = await open(tempPath, 'wx', privateFileMode);
  try {
    await pipeline(
      part.file,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          if (contentType === null && head.length < sniffBytes) {
            head = Buffer.concat([head, chunk]);
            if (head.length >= sniffBytes) contentType = sniff();
          }
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
        // busboy ends the part at the limit and marks it truncated; the rest of the body is not stored.
        if (part.file.truncated) throw tooLarge(field, spec.maxBytes);
      },
      target.createWriteStream(),
    );
    if (size === 0) throw badInput([{ field, message: { zh: '文件为空', en: 'is an empty file' } }]);
    contentType ??= sniff();
  } catch (error) {
    await target.close().catch(() => undefined);
    await rm(tempPath, { force: true });
    throw error;
  }
  return {
    tempPath,
    name: cleanName(part.filename),
    size,
    sha256: hash.digest('hex'),
    contentType,
  };
}

function wrongType(field: string, allowed: readonly string[]): ApiError {
  return refuse(field, {
    zh: `文件类型不允许（允许：${allowed.join('、')}）`,
    en: `is not an allowed type (allowed: ${allowed.join(', ')})`,
  });
}

/** The last path segment of a client's file name, without control characters, at most 255 characters. */
function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...(base || 'file')].slice(-longestName).join('');
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
