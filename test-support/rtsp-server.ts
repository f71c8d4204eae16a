import { createServer, type Socket } from 'node:net';

/** One stream the server offers: its SDP and its RTP packets as they come. */
export interface RtpFeed {
  /** The stream's description (ffmpeg's `-sdp_file`); DESCRIBE waits for it. */
  readonly sdp: Promise<string>;
  /** Calls `listener` with each RTP packet from now on; answers the function that stops it. */
  listen(listener: (packet: Buffer) => void): () => void;
}

export interface RtspServer {
  readonly port: number;
  /** Offers `feed` at `rtsp://127.0.0.1:<port>/<path>`. */
  offer(path: string, feed: RtpFeed): void;
  /** Sessions playing now. */
  playing(): number;
  stop(): Promise<void>;
}

interface RtspRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: ReadonlyMap<string, string>;
}

/**
 * A small RTSP server on loopback, enough for ffmpeg and VLC as a camera's is: OPTIONS, DESCRIBE,
 * SETUP with RTP interleaved on the RTSP connection (RTP/AVP/TCP, which the console's relay asks
 * for), PLAY, GET_PARAMETER (keep-alive) and TEARDOWN. Every viewer of a path joins its one feed
 * where it is now, as viewers of a camera do: mid-way between key frames.
 */
export async function startRtspServer(): Promise<RtspServer> {
  const feeds = new Map<string, RtpFeed>();
  const sessions = new Set<() => void>();
  const sockets = new Set<Socket>();
  let nextSession = 1;

  const server = createServer((socket) => {
    sockets.add(socket);
    let pending = Buffer.alloc(0);
    let stopFeed: (() => void) | null = null;
    let channel = 0;
    const end = () => {
      stopFeed?.();
      if (stopFeed) sessions.delete(stopFeed);
      stopFeed = null;
    };
    socket.on('close', () => {
      end();
      sockets.delete(socket);
    });
    socket.on('error', () => socket.destroy());

    const reply = (request: RtspRequest, status: string, headers: Record<string, string>, body = '') => {
      const lines = [`RTSP/1.0 ${status}`, `CSeq: ${request.headers.get('cseq') ?? '0'}`];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      if (body !== '') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    };
    // SETUP names the track, PLAY the Content-Base: both lead to the path.
    const feedOf = (url: string) => feeds.get(new URL(url).pathname.replace(/^\/|\/(trackID=\d+)?$/g, ''));

    const answer = async (request: RtspRequest) => {
      const session = { Session: String(nextSession) };
      switch (request.method) {
        case 'OPTIONS':
          return reply(request, '200 OK', {
            Public: 'OPTIONS, DESCRIBE, SETUP, PLAY, GET_PARAMETER, TEARDOWN',
          });
        case 'DESCRIBE': {
          const feed = feedOf(request.url);
          if (!feed) return reply(request, '404 Not Found', {});
          const sdp = describe(await feed.sdp);
          const base = request.url.endsWith('/') ? request.url : `${request.url}/`;
          return reply(request, '200 OK', { 'Content-Type': 'application/sdp', 'Content-Base': base }, sdp);
        }
        case 'SETUP': {
          const transport = request.headers.get('transport') ?? '';
          const interleaved = /RTP\/AVP\/TCP.*interleaved=(\d+)/.exec(transport);
          if (!interleaved) return reply(request, '461 Unsupported Transport', {});
          channel = Number(interleaved[1]);
          return reply(request, '200 OK', {
            ...session,
            Transport: `RTP/AVP/TCP;unicast;interleaved=${channel}-${channel + 1}`,
          });
        }
        case 'PLAY': {
          const feed = feedOf(request.url);
          if (!feed) return reply(request, '454 Session Not Found', {});
          reply(request, '200 OK', { ...session, Range: 'npt=0.000-' });
          nextSession += 1;
          end();
          stopFeed = feed.listen((packet) => {
            const frame = Buffer.alloc(4);
            frame.writeUInt8(0x24, 0);
            frame.writeUInt8(channel, 1);
            frame.writeUInt16BE(packet.length, 2);
            socket.write(Buffer.concat([frame, packet]));
          });
          sessions.add(stopFeed);
          return;
        }
        case 'GET_PARAMETER':
          return reply(request, '200 OK', session);
        case 'TEARDOWN':
          end();
          return reply(request, '200 OK', session);
        default:
          return reply(request, '501 Not Implemented', {});
      }
    };

    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // The client's RTCP reports come interleaved too: `$`, channel, length, packet.
        if (pending[0] === 0x24) {
          if (pending.length < 4) return;
          const size = 4 + pending.readUInt16BE(2);
          if (pending.length < size) return;
          pending = pending.subarray(size);
          continue;
        }
        const headEnd = pending.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const request = parseRequest(pending.subarray(0, headEnd).toString('utf8'));
        const bodyLength = Number(request.headers.get('content-length') ?? 0);
        if (pending.length < headEnd + 4 + bodyLength) return;
        pending = pending.subarray(headEnd + 4 + bodyLength);
        void answer(request);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no loopback port');
  return {
    port: address.port,
    offer: (path, feed) => void feeds.set(path, feed),
    playing: () => sessions.size,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function parseRequest(head: string): RtspRequest {
  const [first = '', ...lines] = head.split('\r\n');
  const [method = '', url = ''] = first.split(' ');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { method, url, headers };
}

/**
 * ffmpeg's SDP for its RTP output, made a server's: no destination address or port (the packets go
 * over the RTSP connection) and a control URL for the one track.
 */
function describe(sdp: string): string {
  const lines = sdp
    .split(/\r?\n/)
    .filter((line) => line !== '' && !line.startsWith('a=tool'))
    .map((line) => (line.startsWith('c=') ? 'c=IN IP4 0.0.0.0' : line.replace(/^m=video \d+/, 'm=video 0')));
  return `${[...lines, 'a=control:trackID=0'].join('\r\n')}\r\n`;
}
