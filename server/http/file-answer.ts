import type { Readable } from 'node:stream';

/**
 * What a handler returns to answer a file instead of an envelope: the pipeline streams `body` named
 * `fileName`, as an attachment to save (a CSV export) or inline, for the console to show (a frame).
 */
export class FileAnswer {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly body: Readable | Buffer,
    readonly disposition: 'attachment' | 'inline' = 'attachment',
  ) {}

  /** RFC 6266: a plain ASCII name for old clients, then the exact UTF-8 name (RFC 5987). */
  get contentDisposition(): string {
    const ascii = this.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return `${this.disposition}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(this.fileName)}`;
  }
}

function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
