/** A multipart/form-data body holding one file part, as a browser's FormData sends it. */
export function multipartFile(
  bytes: Buffer,
  options: { field?: string; fileName?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----cfopTestBoundary7MA4YWxkTrZu0gW';
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.fileName ?? 'upload.bin'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'utf8'), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
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
