export interface MultipartPart {
  readonly field: string;
  readonly bytes: Buffer;
  /** Absent: a plain form field rather than a file. */
  readonly fileName?: string;
  /** A file's type; a form field has none unless given (a JSON part may say application/json). */
  readonly contentType?: string;
}

const boundary = '----cfopTestBoundary7MA4YWxkTrZu0gW';

/** A multipart/form-data body holding `parts` in order, as a browser's FormData sends them. */
export function multipartBody(parts: readonly MultipartPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const encoded = parts.map((part) => {
    const disposition = `form-data; name="${part.field}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (part.fileName === undefined
        ? part.contentType === undefined
          ? ''
          : `Content-Type: ${part.contentType}\r\n`
        : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`) +
      '\r\n';
    return Buffer.concat([Buffer.from(head, 'utf8'), part.bytes, Buffer.from('\r\n')]);
  });
  return {
    payload: Buffer.concat([...encoded, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body holding one file part. */
export function multipartFile(
  bytes: Buffer,
  options: { field?: string; fileName?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  return multipartBody([
    {
      field: options.field ?? 'file',
      bytes,
      fileName: options.fileName ?? 'upload.bin',
      ...(options.contentType === undefined ? {} : { contentType: options.contentType }),
    },
  ]);
}

/** The smallest valid PNG (1×1, transparent), and files that start as a JPEG and a WebP do. */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const jpegBytes = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64, 7),
  Buffer.from([0xff, 0xd9]),
]);
export const webpBytes = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(18, 1),
]);
