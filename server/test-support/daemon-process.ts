import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

// What the tests' daemons (nginx, slapd) share: knowing they listen, and stopping them.

/** Whether something accepts a TCP connection on the loopback port. */
export function answersOn(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/**
 * TERM, settled once the process has exited (at once when it already has). For nginx this is its
 * fast shutdown, which does not wait for open event streams to end.
 */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}
