import { availableParallelism } from 'node:os';
import { retryLater, type ApiError } from '../kernel/api-error';

/**
 * Password hashing (scrypt, ~32 MiB and tens of ms each) runs through one gate: at most `slots` at
 * once, at most `maxWaiting` waiting, and at most `perAddress` running or waiting for one source
 * address. Beyond these a call is refused at once instead of queueing without end, and a free slot
 * goes to the waiting address running fewest, then to the one served longest ago, so one address's
 * flood cannot starve sign-ins from another.
 */
export interface HashingGateOptions {
  readonly slots: number;
  readonly maxWaiting: number;
  readonly perAddress: number;
}

export interface HashingGate {
  run<T>(address: string, task: () => Promise<T>): Promise<T>;
}

/**
 * scrypt runs on libuv's pool of 4 threads (Node's default, which the server keeps): one thread is
 * left for file work, and more slots than CPUs would only slow each hash down.
 */
export function defaultHashingGateOptions(): HashingGateOptions {
  const slots = Math.max(1, Math.min(availableParallelism(), 3));
  return { slots, maxWaiting: 8 * slots, perAddress: Math.max(4, 2 * slots) };
}

export function createHashingGate(options: HashingGateOptions): HashingGate {
  const running = new Map<string, number>();
  let runningTotal = 0;
  const waiting: { address: string; start: () => void }[] = [];
  /** When each address with work in the gate last got a slot (a count of slots handed out). */
  const lastServed = new Map<string, number>();
  let served = 0;
  // A first guess at a hash's time; each finished hash moves it.
  let averageMs = 100;

  const runningFor = (address: string) => running.get(address) ?? 0;
  const take = (address: string) => {
    runningTotal += 1;
    running.set(address, runningFor(address) + 1);
    lastServed.set(address, (served += 1));
  };
  const release = (address: string) => {
    runningTotal -= 1;
    const left = runningFor(address) - 1;
    if (left > 0) running.set(address, left);
    else running.delete(address);
    if (left === 0 && !waiting.some((job) => job.address === address)) lastServed.delete(address);
  };
  /** Fewest running first, then the address served longest ago (or never), then the oldest call. */
  const before = (a: string, b: string) =>
    runningFor(a) - runningFor(b) || (lastServed.get(a) ?? 0) - (lastServed.get(b) ?? 0);
  const startNext = () => {
    if (runningTotal >= options.slots || waiting.length === 0) return;
    let next = 0;
    waiting.forEach((job, index) => {
      if (before(job.address, (waiting[next] as typeof job).address) < 0) next = index;
    });
    const [job] = waiting.splice(next, 1);
    if (!job) return;
    // The slot is taken now, not when the waiting call resumes, so no second call takes it meanwhile.
    take(job.address);
    job.start();
  };
  const retryMs = () => ((waiting.length + runningTotal) / options.slots) * averageMs;

  return {
    async run(address, task) {
      const queued = waiting.filter((job) => job.address === address).length;
      if (runningFor(address) + queued >= options.perAddress) throw busyAddress(retryMs());
      if (runningTotal < options.slots) take(address);
      else if (waiting.length >= options.maxWaiting) throw busyServer(retryMs());
      else await new Promise<void>((start) => waiting.push({ address, start }));
      const started = performance.now();
      try {
        return await task();
      } finally {
        averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
        release(address);
        startNext();
      }
    },
  };
}

function busyAddress(retryMs: number): ApiError {
  return retryLater('429', retryMs, (s) => ({
    zh: `此地址同时提交的密码校验过多，请 ${s} 秒后重试`,
    en: `Too many password checks from this address at once; retry in ${s} s`,
  }));
}

function busyServer(retryMs: number): ApiError {
  return retryLater('503', retryMs, (s) => ({
    zh: `服务器繁忙，请 ${s} 秒后重试`,
    en: `The server is busy; retry in ${s} s`,
  }));
}
