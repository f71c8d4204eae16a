import { createHash, randomBytes } from 'node:crypto';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { UploadSpec } from '../contract/load-contract';
import { ApiError, badInput } from '../kernel/api-error';
import { bodyLimitBytes } from './json-body';
import type { LocalText } from '../kernel/locale';
import type { FileStorage } from '../storage/file-storage';
import { incomingPrefix } from '../files/file-keys';
import { acceptedType, sniffBytes } from '../files/sniff-type';
import type { ReceivedFile } from '../operations/received-file';

/**
 * Operations taking files of at most this size receive them in memory: a snapshot or a photo then
 * costs no temporary file (its open, writes, close, rename and unlink each a trip to the thread
 * pool) and is written once, to its place. A model file (gigabytes) streams to the storage instead.
 */
const inMemoryMaxBytes = 4 * 1024 * 1024;

/** Room for the multipart boundaries and part headers around the file in Content-Length. */
const envelopeBytes = 16 * 1024;
/** A JSON part beside the file may be as large as a JSON body. */
const jsonPartBytes = bodyLimitBytes;
const longestName = 255;

const refuse = (field: string, message: LocalText) => badInput([{ field, message }]);

const tooLarge = (field: string, maxBytes: number) =>
  refuse(field, {
    zh: `文件不能超过 ${formatBytes(maxBytes)}`,
    en: `must be at most ${formatBytes(maxBytes)}`,
  });

/** An upload's body as received: its file, and the text of each JSON part sent beside it. */
export interface ReceivedUpload {
  readonly file: ReceivedFile;
  readonly jsonTexts: Readonly<Record<string, string>>;
}

/**
 * Streams the request's one file part into `storage` (files/.incoming/…), hashing and counting as it goes, and reads the
 * JSON parts the spec declares beside it (in any order, each at most `jsonPartBytes`). Refused
 * with a 400 naming the part: a body that is not multipart, has no boundary, is cut short or
 * otherwise malformed; a missing file, a part of another name, a second file or part; an empty
 * file, a type the first bytes do not show, or more bytes than `x-max-bytes` — then the stream
 * stops where the limit was crossed (a declared Content-Length over it is refused before reading)
 * and the partial file is removed. A refusal after the file was received removes it too.
 */
export async function receiveUpload(
  request: FastifyRequest,
  spec: UploadSpec,
  storage: FileStorage,
): Promise<ReceivedUpload> {
  const { field } = spec;
  if (!request.isMultipart()) {
    throw refuse(field, { zh: '必须以 multipart/form-data 上传', en: 'must be sent as multipart/form-data' });
  }
  if (!/;\s*boundary=/i.test(request.headers['content-type'] ?? ''))
    throw refuse(field, { zh: '缺少 multipart 分隔符（boundary）', en: 'has no multipart boundary' });
  const declared = Number(request.headers['content-length']);
  const jsonRoom = spec.jsonParts.length * jsonPartBytes;
  if (Number.isFinite(declared) && declared > spec.maxBytes + jsonRoom + envelopeBytes)
    throw tooLarge(field, spec.maxBytes);

  const jsonNames = new Set(spec.jsonParts.map((part) => part.name));
  // The declared parts, and one more to name in the refusal.
  const parts = request.parts({
    limits: { fileSize: spec.maxBytes, fieldSize: jsonPartBytes, parts: jsonNames.size + 2 },
  });
  let file: ReceivedFile | null = null;
  const jsonTexts: Record<string, string> = {};
  try {
    for (let part = await nextPart(parts, field); part; part = await nextPart(parts, field)) {
      const name = part.fieldname;
      const seen = name === field ? file !== null : Object.hasOwn(jsonTexts, name);
      if (part.type === 'file' && name !== field) part.file.resume();
      if (name !== field && !jsonNames.has(name))
        throw refuse(name, { zh: '不允许的字段', en: 'is not allowed' });
      if (seen && name === field)
        throw refuse(field, { zh: '只能上传一个文件', en: 'only one file may be sent' });
      if (seen) throw refuse(name, { zh: '只能发送一次', en: 'may be sent only once' });
      if (part.type === 'file') {
        if (name !== field)
          throw refuse(name, { zh: '必须是 JSON 文本，不能是文件', en: 'must be JSON text, not a file' });
        file = await receiveFilePart(part, spec, storage);
      } else {
        if (name === field) throw refuse(field, { zh: '必须是文件', en: 'must be a file' });
        if (part.valueTruncated) throw tooLarge(name, jsonPartBytes);
        // A part sent as application/json (as the contract describes it) comes parsed by the plugin.
        jsonTexts[name] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      }
    }
    if (!file) throw refuse(field, { zh: '必填', en: 'is required' });
  } catch (error) {
    if (file && 'incomingKey' in file) await storage.delete(file.incomingKey);
    throw error;
  }
  return { file, jsonTexts };
}

/** The file part's bytes as they stream in, checked: its type, its size, a body cut short. */
function checkedPart(part: MultipartFile, spec: UploadSpec) {
  const { field } = spec;
  const hash = createHash('sha256');
  let size = 0;
  let contentType: string | null = null;
  let head = Buffer.alloc(0);
  const sniff = (): string => {
    const found = acceptedType(head, spec.contentTypes);
    if (found === null) throw wrongType(field, spec.contentTypes);
    return found;
  };
  return {
    async *chunks(source: AsyncIterable<Buffer>) {
      try {
        for await (const chunk of source) {
          if (contentType === null && head.length < sniffBytes) {
            // Only the bytes the type needs: the first chunk may hold the whole file.
            head = Buffer.concat([head, chunk.subarray(0, sniffBytes - head.length)]);
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
      // busboy ends the part at the limit and marks it truncated; the rest of the body is not kept.
      if (part.file.truncated) throw tooLarge(field, spec.maxBytes);
    },
    /** What the `files` table records, once every chunk passed. */
    facts() {
      if (size === 0) throw refuse(field, { zh: '文件为空', en: 'is an empty file' });
      contentType ??= sniff();
      return { name: cleanName(part.filename), size, sha256: hash.digest('hex'), contentType };
    },
  };
}

/** The file part, in memory for a small file, else streamed into the storage, where a refusal at any point leaves nothing. */
async function receiveFilePart(
  part: MultipartFile,
  spec: UploadSpec,
  storage: FileStorage,
): Promise<ReceivedFile> {
  const checked = checkedPart(part, spec);
  if (spec.maxBytes <= inMemoryMaxBytes) {
    const chunks: Buffer[] = [];
    for await (const chunk of checked.chunks(part.file)) chunks.push(chunk);
    const facts = checked.facts();
    return {
      ...facts,
      bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, facts.size),
    };
  }
  const incomingKey = incomingPrefix + randomBytes(16).toString('hex');
  // Stored before it is answered; the limit is busboy's too, this one holds for any storage.
  await storage.put(incomingKey, checked.chunks(part.file), { maxBytes: spec.maxBytes });
  try {
    return { ...checked.facts(), incomingKey };
  } catch (error) {
    // Stored whole, then refused (an empty file): the caller never learns its key.
    await storage.delete(incomingKey);
    throw error;
  }
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
