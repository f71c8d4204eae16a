const fallbackFilename = 'download';

/** A 2xx answer that is a file rather than an envelope: an attachment, or not JSON at all. */
export function isDownloadResponse(response: Response): boolean {
  if (!response.ok) return false;
  const disposition = response.headers.get('Content-Disposition') ?? '';
  if (/^\s*attachment/i.test(disposition)) return true;
  const contentType = response.headers.get('Content-Type');
  return contentType !== null && !/[/+]json\b/i.test(contentType);
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

// RFC 8187 ext-value: charset'language'percent-encoded-bytes.
function decodeExtValue(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(unquote(value));
  if (!match) return null;
  const [, charset = '', encoded = ''] = match;
  try {
    if (charset.toLowerCase() === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** The file name a Content-Disposition header gives: `filename*` (RFC 5987) first, then `filename`. */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]*)/i.exec(header)?.[1];
  const decoded = extended === undefined ? null : decodeExtValue(extended);
  if (decoded) return decoded;
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header)?.[1];
  const name = plain === undefined ? '' : unquote(plain);
  return name || null;
}

// Some browsers still read the object URL after click() returns, so it is released later.
const revokeDelayMs = 40_000;

/** Saves `blob` through the browser's download, as `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), revokeDelayMs);
}

/** Downloads the response body under its Content-Disposition name. */
export async function downloadResponse(response: Response): Promise<void> {
  const filename = filenameFromContentDisposition(response.headers.get('Content-Disposition'));
  saveBlob(await response.blob(), filename ?? fallbackFilename);
}
