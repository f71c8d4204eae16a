import { Transform, type Readable } from 'node:stream';

/**
 * Passes a long-lived answer on while `stillAllowed` holds: asked before each chunk goes out, so
 * nothing more reaches the caller once signing out, a new password, a disabled user or a lost
 * access key is made; `watch` (the app's AccessWatch) ends the stream itself when it learns of such
 * a change, or within its re-check time. The stream then ends as if finished; the client's
 * reconnect is answered 401 or 403.
 */
export function endWhenRevoked(
  body: Readable,
  stillAllowed: () => Promise<boolean>,
  watch: (end: () => void) => () => void,
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
    unwatch();
    body.unpipe(out);
    body.destroy();
    out.end();
  };
  const unwatch = watch(end);
  body.on('error', (error) => out.destroy(error));
  out.on('close', () => {
    unwatch();
    body.destroy();
  });
  return body.pipe(out);
}
