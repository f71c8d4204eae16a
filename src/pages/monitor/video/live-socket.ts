import { sessionSubprotocolPrefix, socketProtocols } from '../../../generated/contract';
import type { FailureReason } from './stall-watch';

/** One message of a camera's live socket, read. */
export type LiveMessage =
  /** The exact MIME of the fragments that follow, for MediaSource.addSourceBuffer. */
  | { readonly kind: 'media'; readonly mime: string }
  /** The init segment, then one fragment (moof + mdat) per message. */
  | { readonly kind: 'bytes'; readonly bytes: ArrayBuffer }
  /** The server's error envelope: the view ends, and `reason` is its `msg` when it sent one. */
  | { readonly kind: 'refused'; readonly reason: FailureReason | null }
  /** Anything else: a message this console does not know yet, skipped. */
  | { readonly kind: 'other' };

/** The sub-protocol the server selects; it cannot send the session header, so the token rides along. */
const liveProtocol = socketProtocols.watchLiveView;

/**
 * The socket's URL: the page's own host (the console and its API share an origin; in development
 * Vite's proxy forwards it), wss on an https page so the browser does not refuse mixed content.
 */
export function liveSocketUrl(apiPath: string, page: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${page.host}${apiPath}`;
}

/**
 * The sub-protocols offered: a browser's WebSocket cannot send headers, and a token in the URL
 * would land in access logs. Without a session the server refuses the upgrade, as it should.
 */
export function liveProtocols(token: string | null): string[] {
  return token ? [liveProtocol, sessionSubprotocolPrefix + token] : [liveProtocol];
}

/** Reads a socket message (`binaryType` 'arraybuffer'). */
export function readLiveMessage(data: unknown): LiveMessage {
  if (data instanceof ArrayBuffer) return { kind: 'bytes', bytes: data };
  if (typeof data !== 'string') return { kind: 'other' };
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return { kind: 'other' };
  }
  if (typeof message !== 'object' || message === null) return { kind: 'other' };
  const fields = message as Record<string, unknown>;
  if (fields.type === 'media' && typeof fields.mime === 'string' && fields.mime !== '')
    return { kind: 'media', mime: fields.mime };
  if (fields.success === false)
    return {
      kind: 'refused',
      reason: typeof fields.msg === 'string' && fields.msg !== '' ? fields.msg : null,
    };
  return { kind: 'other' };
}
