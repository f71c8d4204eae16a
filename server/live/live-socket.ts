import { WebSocket } from 'ws';
import { closeWithError } from '../http/answer-socket';
import type { Lang } from '../kernel/locale';
import type { LiveView, LiveSessions } from './live-sessions';

/**
 * Serves a live view on a browser's socket (the protocol of openapi.yaml's watchLiveView): the
 * media's MIME type and the stream it plays (a sub stream asked of a camera without one is its main)
 * as text, then the init segment and each fragment as binary messages; an end
 * as the failure envelope and a close. Answers the function that stops watching.
 */
export function watchOverSocket(
  live: LiveSessions,
  view: LiveView,
  socket: WebSocket,
  lang: Lang,
): () => void {
  return live.watch(view, {
    media(mime, init) {
      socket.send(JSON.stringify({ type: 'media', mime, stream: view.stream }));
      socket.send(init, { binary: true });
    },
    fragment(bytes) {
      if (socket.readyState === WebSocket.OPEN) socket.send(bytes, { binary: true });
    },
    backlog: () => socket.bufferedAmount,
    end: (reason) => closeWithError(socket, reason, lang),
  });
}
