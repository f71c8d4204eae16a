import type { Readable } from 'node:stream';

export interface FileAnswerOptions {
  /** Shown in place (an image the console previews) rather than saved; default false. */
  readonly inline?: boolean;
  /** Bytes, when known before streaming: sent as Content-Length so a download can show progress. */
  readonly size?: number;
  /** Default `no-store`; a file anyone with its link may see says how long it may be kept. */
  readonly cacheControl?: string;
  /** Where the file is opened from a link that must not leak on through the Referer header. */
  readonly referrerPolicy?: 'no-referrer';
  /** Further headers the contract names for this answer (a digest of the file). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * What a handler returns to answer a file instead of an envelope (a CSV export, a stored file): the
 * pipeline streams `body` named `fileName`, as an attachment unless `inline`.
 */
export class FileAnswer {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly body: Readable,
    readonly options: FileAnswerOptions = {},
  ) {}

  /** RFC 6266: a plain ASCII name for old clients, then the exact UTF-8 name (RFC 5987). */
  get contentDisposition(): string {
    const ascii = this.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
    const kind = this.options.inline ? 'inline' : 'attachment';
    return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(this.fileName)}`;
  }
}

function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
