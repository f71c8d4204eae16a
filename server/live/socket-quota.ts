import { ApiError } from '../kernel/api-error';

/**
 * Live sockets one user may hold open on one server without CFOP_LIVE_SOCKETS_PER_USER: a wall of
 * 16 panes twice over (two screens, or a wall and the playback page). Each idle socket still costs
 * the server its buffers, so a user opening hundreds (a script, a runaway page) would otherwise
 * take the memory every other viewer needs.
 */
export const defaultLiveSocketsPerUser = 32;

/** What a quota needs of a socket: to learn when it closes. */
interface ClosingSocket {
  once(event: 'close', listener: () => void): unknown;
}

/** The live sockets each user holds open on this server, within `perUser`. */
export interface SocketQuota {
  readonly perUser: number;
  /**
   * Counts `socket` against the user until it closes; throws the 429 when the user already holds
   * `perUser` sockets open.
   */
  admit(userId: number, socket: ClosingSocket): void;
}

const tooManySockets = (max: number) =>
  new ApiError('429', {
    zh: `您打开的实时视频已达上限（${max} 路），请关闭其他画面后重试`,
    en: `You already have your most live views open (${max}); close other panes and retry`,
  });

export function createSocketQuota(perUser: number): SocketQuota {
  const open = new Map<number, number>();
  return {
    perUser,
    admit(userId, socket) {
      const held = open.get(userId) ?? 0;
      if (held >= perUser) throw tooManySockets(perUser);
      open.set(userId, held + 1);
      socket.once('close', () => {
        const left = (open.get(userId) ?? 1) - 1;
        if (left > 0) open.set(userId, left);
        else open.delete(userId);
      });
    },
  };
}
