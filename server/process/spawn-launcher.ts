import { ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { dyingWithParent, spawnDyingWithParent } from './parent-death';

/**
 * Starts children without the server's event loop stopping for each. Node starts a child by
 * forking the whole server and waiting until the copy has become the child's program: the larger
 * the server's memory, the longer (tens of ms a child, a second for a wall of nine on a busy
 * machine), and nothing else runs meanwhile, so nine relays asked for at once start one after
 * another. A small Node process, started once when first needed, forks them instead: its fork
 * costs next to nothing, and the server goes on meanwhile. Each child's standard output and error
 * are passed to the server as they are (its pipes, sent over the launcher's IPC channel), so its
 * bytes take no detour; the launcher reports its exit and kills it when asked. A child dies with its
 * launcher and the launcher with the server (spawnDyingWithParent).
 */
export interface SpawnLauncher {
  /** Starts `command`; what it answers behaves as the ChildProcess Node's spawn answers. */
  spawn(command: string, args: readonly string[]): ChildProcess;
  /** Stops the launcher and with it every child it started. */
  close(): void;
}

/** What the server asks of the launcher. */
type Request =
  | { readonly id: number; readonly file: string; readonly args: readonly string[] }
  | { readonly kill: number; readonly signal: NodeJS.Signals | number };

/** What the launcher tells the server of child `id`: a pipe of its (sent with it), its exit, or its failure to start. */
type Report =
  | { readonly id: number; readonly stream: 'stdout' | 'stderr' }
  | { readonly id: number; readonly code: number | null; readonly signal: NodeJS.Signals | null }
  | {
      readonly id: number;
      readonly error: { readonly message: string; readonly errno?: number; readonly code?: string };
    };

/** The launcher itself: plain JavaScript of Node's own modules, so it starts in a few ms. */
const launcherSource = `
import { spawn } from 'node:child_process';
const children = new Map();
process.on('message', (request) => {
  if ('kill' in request) return void children.get(request.kill)?.kill(request.signal);
  const { id, file, args } = request;
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.on('error', ({ message, errno, code }) => process.send({ id, error: { message, errno, code } }));
  if (child.pid === undefined) return;
  children.set(id, child);
  // The pipes are only passed on, never read here. Node starts reading a pipe as it is made, and
  // bytes read here before the pipe reaches the server (it waits its turn: one pipe is passed at a
  // time, each once the server has taken the one before) would be lost: stop that before any read.
  for (const pipe of [child.stdout, child.stderr]) {
    pipe._handle.reading = false;
    pipe._handle.readStop();
  }
  process.send({ id, stream: 'stdout' }, child.stdout);
  process.send({ id, stream: 'stderr' }, child.stderr);
  child.on('exit', (code, signal) => {
    children.delete(id);
    process.send({ id, code, signal });
  });
});
process.on('disconnect', () => process.exit(0));
`;

export function createSpawnLauncher(): SpawnLauncher {
  let launcher: { readonly process: ChildProcess; readonly children: Map<number, LaunchedChild> } | null =
    null;
  let lastId = 0;

  const start = () => {
    const started = spawnDyingWithParent(process.execPath, ['--input-type=module', '-e', launcherSource], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const children = new Map<number, LaunchedChild>();
    started.on('message', (report: Report, pipe?: Socket) => children.get(report.id)?.heard(report, pipe));
    const gone = () => {
      if (launcher?.process === started) launcher = null;
      for (const child of children.values()) child.lost();
    };
    started.on('exit', gone);
    // It could not start, or a request found its channel closed: it is gone either way.
    started.on('error', gone);
    // Only the children's pipes hold the server up, as their own would.
    started.unref();
    started.channel?.unref();
    return { process: started, children };
  };

  return {
    spawn(command, args) {
      launcher ??= start();
      const { process: running, children } = launcher;
      const line = dyingWithParent(command, args);
      const id = (lastId += 1);
      const ask = (request: Request) => {
        if (running.connected) running.send(request);
      };
      const child = new LaunchedChild(id, line.file, line.args, ask);
      children.set(id, child);
      child.once('close', () => children.delete(id));
      ask({ id, file: line.file, args: line.args });
      return child;
    },
    close() {
      launcher?.process.kill('SIGKILL');
    },
  };
}

type PipeName = 'stdout' | 'stderr';

/** A child the launcher started, as the server sees it: a ChildProcess in all the server uses. */
class LaunchedChild extends ChildProcess {
  declare stdout: PassThrough;
  declare stderr: PassThrough;
  declare exitCode: number | null;
  declare signalCode: NodeJS.Signals | null;
  declare spawnfile: string;
  declare spawnargs: string[];
  /** Its pipes: not yet received from the launcher, passing its bytes on, or closed. */
  private readonly pipes: Record<PipeName, 'waiting' | 'piping' | 'closed'> = {
    stdout: 'waiting',
    stderr: 'waiting',
  };
  private exited = false;
  private closed = false;

  constructor(
    private readonly launchId: number,
    file: string,
    args: readonly string[],
    private readonly ask: (request: Request) => void,
  ) {
    super();
    this.stdout = new PassThrough();
    this.stderr = new PassThrough();
    this.exitCode = null;
    this.signalCode = null;
    this.spawnfile = file;
    this.spawnargs = [file, ...args];
  }

  override kill(signal: NodeJS.Signals | number = 'SIGTERM'): boolean {
    if (this.exited) return false;
    this.ask({ kill: this.launchId, signal });
    return true;
  }

  /** The launcher's report on it, with the pipe it names. */
  heard(report: Report, pipe: Socket | undefined): void {
    if ('stream' in report) {
      const name = report.stream;
      if (!pipe) return this.unreceived(name);
      this.pipes[name] = 'piping';
      pipe.pipe(this[name]);
      pipe.once('close', () => this.pipeClosed(name));
    } else if ('error' in report) {
      // As Node's spawn: 'error' with the errno as the exit code, no 'exit', then 'close'.
      const { message, errno, code } = report.error;
      this.exited = true;
      this.exitCode = errno ?? -1;
      this.emit('error', Object.assign(new Error(message), { errno, code }));
      this.unreceived('stdout');
      this.unreceived('stderr');
    } else this.ended(report.code, report.signal);
  }

  /** The launcher went, and its children with it: pipes it had not passed on yet never come. */
  lost(): void {
    this.ended(null, 'SIGKILL');
    this.unreceived('stdout');
    this.unreceived('stderr');
  }

  private ended(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exited) return;
    this.exited = true;
    this.exitCode = code;
    this.signalCode = signal;
    this.emit('exit', code, signal);
    this.maybeClose();
  }

  /** A pipe that will not come: its stream ends empty. */
  private unreceived(name: PipeName): void {
    if (this.pipes[name] !== 'waiting') return;
    this.pipes[name] = 'closed';
    this[name].end();
    this.maybeClose();
  }

  /** A received pipe closed (its stream was ended by the pipe's end). */
  private pipeClosed(name: PipeName): void {
    this.pipes[name] = 'closed';
    this.maybeClose();
  }

  private maybeClose(): void {
    if (this.closed || !this.exited || this.pipes.stdout !== 'closed' || this.pipes.stderr !== 'closed')
      return;
    this.closed = true;
    // After the pipes' last bytes have reached their readers, as Node's own 'close'.
    setImmediate(() => this.emit('close', this.exitCode, this.signalCode));
  }
}
