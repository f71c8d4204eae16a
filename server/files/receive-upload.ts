import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { UploadSpec } from '../contract/load-contract';
import { privateDirMode, privateFileMode } from '../data-folder/private-files';
import { ApiError, badInput } from '../http/api-error';
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
 * 400 naming the part: a body that is not multipart, has no boundary, is cut short or otherwise
 * malformed; a missing part, a part of another name, a second part; an empty file, a type the
 * first bytes do not show, or more bytes than `x-max-bytes` — then the stream stops where the
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
    throw refuse(field, { zh: '必须以 multipart/form-data 上传', en: 'must be sent as multipart/form-data' });
  }
  if (!/;\s*boundary=/i.test(request.headers['content-type'] ?? ''))
    throw refuse(field, { zh: '缺少 multipart 分隔符（boundary）', en: 'has no multipart boundary' });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > spec.maxBytes + envelopeBytes)
    throw tooLarge(field, spec.maxBytes);

  // Two parts at most are parsed: the file, and one more to name in the refusal.
  const parts = request.parts({ limits: { fileSize: spec.maxBytes, parts: 2 } });
  const part = await nextPart(parts, field);
  if (!part) throw refuse(field, { zh: '必填', en: 'is required' });
  if (part.fieldname !== field) {
    if (part.type === 'file') part.file.resume();
    throw refuse(part.fieldname, { zh: '不允许的字段', en: 'is not allowed' });
  }
  if (part.type !== 'file') throw refuse(field, { zh: '必须是文件', en: 'must be a file' });

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
        try {
          for await (const chunk of source) {
            if (contentType === null && head.length < sniffBytes) {
              head = Buffer.concat([head, chunk]);
              if (head.length >= sniffBytes) contentType = sniff();
            }
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        } catch (error) {
          // Reading fails only when the parser does: the part was cut short or is malformed.
          throw error instanceof ApiError ? error : malformed(field);
        }
        // busboy ends the part at the limit and marks it truncated; the rest of the body is not stored.
        if (part.file.truncated) throw tooLarge(field, spec.maxBytes);
      },
      target.createWriteStream(),
    );
    if (size === 0) throw refuse(field, { zh: '文件为空', en: 'is an empty file' });
    contentType ??= sniff();
    const extra = await nextPart(parts, field);
    if (extra) {
      if (extra.type === 'file') extra.file.resume();
      throw extra.fieldname === field
        ? refuse(field, { zh: '只能上传一个文件', en: 'only one file may be sent' })
        : refuse(extra.fieldname, { zh: '不允许的字段', en: 'is not allowed' });
    }
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

const malformed = (field: string) =>
  refuse(field, {
    zh: 'multipart 正文不完整或格式不正确',
    en: 'is not a complete, well-formed multipart body',
  });

/** The next part, or none after the last; the parser's own errors (a body cut short, a limit) are the body's fault. */
async function nextPart(parts: AsyncIterator<Multipart>, field: string): Promise<Multipart | undefined> {
  try {
    const next = await parts.next();
    return next.done === true ? undefined : next.value;
  } catch {
    throw malformed(field);
  }
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
