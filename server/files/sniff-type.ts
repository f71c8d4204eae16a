/** Bytes needed to tell every type below apart. */
export const sniffBytes = 12;

const signatures: readonly { readonly type: string; readonly matches: (head: Buffer) => boolean }[] = [
  { type: 'image/jpeg', matches: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  {
    type: 'image/png',
    matches: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/webp',
    matches: (h) => h.toString('latin1', 0, 4) === 'RIFF' && h.toString('latin1', 8, 12) === 'WEBP',
  },
  { type: 'image/gif', matches: (h) => /^GIF8[79]a/.test(h.toString('latin1', 0, 6)) },
  // Text has no signature: its first bytes hold no control character but tab and line ends.
  { type: 'text/csv', matches: (h) => h.length > 0 && !h.some((byte) => isControl(byte)) },
];

const isControl = (byte: number) =>
  (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f;

const anyBytes = 'application/octet-stream';

/**
 * The media type a file's first bytes show, if it is one of `allowed`; null when it is not. A file
 * name or the client's Content-Type can say anything, so neither is asked. `application/octet-stream`
 * in `allowed` takes any bytes (model files share no signature) under a recognised type or itself.
 */
export function acceptedType(head: Buffer, allowed: readonly string[]): string | null {
  const found = signatures.find((signature) => signature.matches(head))?.type ?? null;
  if (found !== null && allowed.includes(found)) return found;
  return allowed.includes(anyBytes) ? anyBytes : null;
}
