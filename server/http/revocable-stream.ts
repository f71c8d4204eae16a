import { Transform, type Readable } from 'node:stream';

/**
 * Passes a long-lived answer on while `stillAllowed` holds: asked before each chunk goes out and
 * every `recheckMs` in between, so signing out, a new password, a disabled user or a lost access
 * key ends an open stream within `recheckMs`, and nothing more reaches the caller once the change is
 * made. The stream then ends as if finished; the client's reconnect is answered 401 or 403.
 */
export function endWhenRevoked(
  body: Readable,
  stillAllowed: () => Promise<boolean>,
  recheckMs: number,
): Readable {
  let ended = false;
  const allowed = () => stillAllowed().catch(() => false);
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      allowed().then((yes) => {
        if (yes) done(null, chunk);
        else {
          done();
          end();
        }
      }, done);
    },
  });
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    body.unpipe(out);
    body.destroy();
    out.end();
  };
  const timer = setInterval(() => {
    void allowed().then((yes) => yes || end());
  }, recheckMs);
  body.on('error', (error) => out.destroy(error));
  out.on('close', () => {
    clearInterval(timer);
    body.destroy();
  });
  return body.pipe(out);
}
