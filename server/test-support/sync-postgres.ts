import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { consoleTypes } from '../db/postgres-values';

/**
 * PostgreSQL through the few calls of better-sqlite3 the tests make on a data folder's database
 * (`prepare(sql).get/all/run`, `pluck`, `exec`), synchronous as theirs are: a worker thread runs
 * each query while the test's thread waits. Values read as the app reads them (consoleTypes);
 * `?` placeholders become PostgreSQL's `$n`.
 */
export interface SyncStatement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number };
  pluck(): SyncStatement;
}

export interface SyncDatabase {
  prepare(sql: string): SyncStatement;
  exec(sql: string): void;
}

interface Answer {
  readonly id: number;
  readonly error?: string;
  readonly fields?: readonly (readonly [string, number])[];
  readonly rows?: readonly (readonly (string | null)[])[];
  readonly rowCount?: number;
}

// Plain JavaScript: the worker loads no TypeScript. Values come back as PostgreSQL's text.
const workerSource = `
const { workerData } = require('node:worker_threads');
const pg = require('pg');
const { port, signal } = workerData;
const clients = new Map();
const asText = { getTypeParser: () => (text) => text };
async function client(url) {
  let found = clients.get(url);
  if (!found) {
    found = new pg.Client({ connectionString: url, types: asText });
    found.on('error', () => clients.delete(url));
    clients.set(url, found);
    await found.connect();
  }
  return found;
}
port.on('message', async ({ id, url, text, values }) => {
  let answer;
  try {
    const result = await (await client(url)).query({ text, values, rowMode: 'array' });
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    answer = { id, fields: (last.fields || []).map((f) => [f.name, f.dataTypeID]), rows: last.rows || [], rowCount: last.rowCount || 0 };
  } catch (error) {
    answer = { id, error: String(error && error.message) };
  }
  port.postMessage(answer);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

let channel: { port: MessagePort; signal: Int32Array } | undefined;
let asked = 0;
/** Longer than any test's query; a worker gone silent fails the test instead of hanging it. */
const answerWithinMs = 30_000;

function connection(): { port: MessagePort; signal: Int32Array } {
  if (channel) return channel;
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { port: port2, signal },
    transferList: [port2],
  });
  worker.unref();
  port1.unref();
  channel = { port: port1, signal };
  return channel;
}

/**
 * Sends one query and blocks until its answer. The worker counts its answers in `signal`: reading
 * the count before looking at the port means an answer posted meanwhile ends the wait at once.
 */
function query(url: string, text: string, values: readonly unknown[]): Answer {
  const { port, signal } = connection();
  const id = ++asked;
  port.postMessage({ id, url, text, values });
  const giveUpAt = Date.now() + answerWithinMs;
  for (;;) {
    const answered = Atomics.load(signal, 0);
    const answer = receiveMessageOnPort(port)?.message as Answer | undefined;
    if (answer?.id === id) {
      if (answer.error !== undefined) throw new Error(`${answer.error}\n  in: ${text}`);
      return answer;
    }
    if (answer) continue;
    if (Date.now() > giveUpAt)
      throw new Error(`no answer from PostgreSQL within ${answerWithinMs} ms: ${text}`);
    Atomics.wait(signal, 0, answered, 100);
  }
}

/** `?` outside quotes becomes `$1`, `$2`, … */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (token) => (token === '?' ? `$${++n}` : token));
}

function rowsOf(answer: Answer): Record<string, unknown>[] {
  const readers = (answer.fields ?? []).map(([name, oid]) => {
    const parse = consoleTypes.getTypeParser(oid, 'text') as (text: string) => unknown;
    return [name, parse] as const;
  });
  return (answer.rows ?? []).map((row) =>
    Object.fromEntries(
      readers.map(([name, parse], i) => [name, row[i] === null ? null : parse(row[i] as string)]),
    ),
  );
}

export function syncPostgres(url: string): SyncDatabase {
  const statement = (sql: string, plucked: boolean): SyncStatement => {
    const text = numbered(sql);
    const rows = (params: unknown[]) => {
      const found = rowsOf(query(url, text, params));
      return plucked ? found.map((row) => Object.values(row)[0]) : found;
    };
    return {
      get: (...params) => rows(params)[0],
      all: (...params) => rows(params),
      run: (...params) => ({ changes: query(url, text, params).rowCount ?? 0 }),
      pluck: () => statement(sql, true),
    };
  };
  return {
    prepare: (sql) => statement(sql, false),
    exec: (sql) => void query(url, sql, []),
  };
}
