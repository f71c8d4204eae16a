import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, inject, onTestFinished } from 'vitest';
import { createRole, createUser } from '../accounts/account-service';
import { findRoleIds } from '../accounts/roles';
import { createApp, type AppOptions } from '../app';
import { systemClock, type Clock } from '../kernel/clock';
import {
  CLIENT_HOST_SCHEME,
  CLIENT_TYPE_SCHEME,
  INGEST_KEY_SCHEME,
  loadContract,
  SESSION_SCHEME,
} from '../contract/load-contract';
import { databaseFileName, openDatabase } from '../db/open-database';
import { trigramTableOf } from '../db/contains-search';
import type { SmsMessage } from '../sms/sms-sender';
import type { components } from '../../src/generated/openapi';

type AccessKey = components['schemas']['AccessKey'];
import { operationFinder } from '../observability/operation-names';
import { checkAnswersOf, contractAnswerCheck } from './contract-answers';
import { multipartFile } from './multipart';
import { syncPostgres, type SyncDatabase } from './sync-postgres';
import { knownTestDatabaseUrl, testDatabaseUrl, testOnPostgres } from './test-database';

export const testAdminPassword = 'Admin12345';

export const contract = loadContract();
const answerCheck = contractAnswerCheck(contract);
const operationOf = operationFinder(contract);

const headerName = (scheme: string) => contract.headerSchemes[scheme] as string;

/** What the console sends on every call. */
export const clientHeaders = {
  [headerName(CLIENT_TYPE_SCHEME)]: 'PC',
  [headerName(CLIENT_HOST_SCHEME)]: 'console.test',
};
export const tokenHeader = headerName(SESSION_SCHEME);
/** What an AI server sends its ingest key in. */
export const ingestKeyHeader = headerName(INGEST_KEY_SCHEME);

/** Registers what to undo after the test; a file-wide fixture passes its own (run in afterAll). */
export type Cleanup = (undo: () => void | Promise<void>) => void;

/**
 * Cleanup for things shared by a whole describe block (one app for many read-only cases):
 * the steps run after the block's last test, newest first.
 */
export function afterSuite(): Cleanup {
  const undo: (() => void | Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of undo) await step();
  });
  return (step) => void undo.unshift(step);
}

export function tempDir(cleanup: Cleanup = onTestFinished): string {
  const dir = mkdtempSync(join(tmpdir(), 'cfop-test-'));
  cleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A data folder whose database has every migration: a copy of the one migrated once for the run
 * (global-setup.ts), so a test's app starts without migrating afresh (the upgrade tests,
 * dataDirBefore, still do).
 */
function migratedDataDir(cleanup: Cleanup): string {
  const dataDir = tempDir(cleanup);
  // copyFileSync keeps the template's owner-only mode.
  copyFileSync(inject('migratedDatabase'), join(dataDir, databaseFileName));
  return dataDir;
}

export interface TestClock extends Clock {
  advance(milliseconds: number): void;
}

export function testClock(): TestClock {
  let now = Date.parse('2030-01-01T08:00:00.000Z');
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

export interface CallOptions {
  readonly body?: unknown;
  /** Sent as is, for malformed bodies. */
  readonly rawBody?: string | Buffer;
  readonly token?: string;
  readonly headers?: Record<string, string>;
  readonly lang?: 'zh-CN' | 'en-US';
  /** Path parameters: `{ id: 3 }` fills `:id` of the operation's URL. */
  readonly params?: Record<string, string | number>;
  /** Query parameters, sent URL-encoded. */
  readonly query?: Record<string, string | number>;
  /** The caller's address (request.ip); default 127.0.0.1. */
  readonly remoteAddress?: string;
}

export interface CallResult {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: { success: boolean; code: string; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The raw answer as text (a CSV export). */
  readonly text: string;
}

export function operation(operationId: string) {
  const found = contract.operations.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in openapi.yaml`);
  return found;
}

/** Calls an operation the way the console does: client headers, JSON body, optional session token. */
export async function callOperation(app: FastifyInstance, operationId: string, options: CallOptions = {}) {
  const { method, url: template } = operation(operationId);
  const path = template.replace(/:([A-Za-z0-9_]+)/g, (match, name: string) =>
    options.params?.[name] === undefined ? match : encodeURIComponent(String(options.params[name])),
  );
  const search = new URLSearchParams(
    Object.entries(options.query ?? {}).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return resultOf(await sendRequest(app, method, search === '' ? path : `${path}?${search}`, options));
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Sends a request to a URL (`/cfop/cameras/1/tasks`) as callOperation does; the raw answer. */
export function sendRequest(
  app: FastifyInstance,
  method: string,
  url: string,
  options: Omit<CallOptions, 'params' | 'query'> = {},
) {
  const headers: Record<string, string> = { ...clientHeaders, ...options.headers };
  if (options.token !== undefined) headers[tokenHeader] = options.token;
  if (options.lang) headers['accept-language'] = options.lang;
  if (options.body !== undefined || options.rawBody !== undefined)
    headers['content-type'] ??= 'application/json';
  return app.inject({
    method: method as Method,
    url,
    headers,
    ...(options.remoteAddress !== undefined && { remoteAddress: options.remoteAddress }),
    ...(options.rawBody !== undefined
      ? { payload: options.rawBody }
      : options.body !== undefined
        ? { payload: JSON.stringify(options.body) }
        : {}),
  });
}

/** An answer as tests read it: status, headers, the envelope (null for a file) and the raw text. */
export function resultOf(response: Awaited<ReturnType<FastifyInstance['inject']>>): CallResult {
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: response.statusCode,
    headers: response.headers,
    body: isJson ? response.json() : null,
    text: response.rawPayload.toString('utf8'),
  } as CallResult;
}
export interface TestApp {
  readonly app: FastifyInstance;
  readonly dataDir: string;
  readonly clock: TestClock;
  readonly sent: SmsMessage[];
  readonly announced: string[];
  call(operationId: string, options?: CallOptions): Promise<CallResult>;
  signIn(username: string, password: string): Promise<string>;
}

/**
 * A fresh app on its own data folder with a recording SMS sender and an administrator `admin`;
 * every answer its `inject` gives is checked against openapi.yaml (contract-answers.ts).
 */
export async function startTestApp(
  options: Partial<AppOptions> = {},
  cleanup: Cleanup = onTestFinished,
): Promise<TestApp> {
  const dataDir = options.dataDir ?? migratedDataDir(cleanup);
  const databaseUrl = options.databaseUrl ?? (await testDatabaseUrl(dataDir, cleanup));
  const clock = testClock();
  const sent: SmsMessage[] = [];
  const announced: string[] = [];
  const app = await createApp({
    clock,
    smsSender: { send: async (message) => void sent.push(message) },
    admin: { password: testAdminPassword },
    announce: (text) => announced.push(text),
    staticDir: join(dataDir, 'no-console-here'),
    // Tests that probe camera streams ask for it: others would spawn ffprobe on made-up addresses.
    cameraProbe: { everySeconds: 0 },
    ...options,
    dataDir,
    databaseUrl,
  });
  cleanup(() => app.close());
  checkAnswersOf(app, operationOf, answerCheck);
  const call = (operationId: string, callOptions?: CallOptions) =>
    callOperation(app, operationId, callOptions);
  return {
    app,
    dataDir,
    clock,
    sent,
    announced,
    call,
    async signIn(username, password) {
      const { body } = await call('loginByPassword', { body: { username, password } });
      if (!body.success) throw new Error(`sign-in of ${username} failed: ${body.msg}`);
      return body.data.token as string;
    },
  };
}

/** A logger setting for createApp that keeps what the app logs at `level` and above: each line's level and message. */
export function capturedLog(level: 'info' | 'debug' = 'info'): {
  logger: NonNullable<AppOptions['logger']>;
  lines: { level: number; msg: string }[];
} {
  const lines: { level: number; msg: string }[] = [];
  const stream = {
    write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }),
  };
  return { logger: { level, stream }, lines };
}

/** A 400 answer's messages by field name. */
export function fieldMessages(body: CallResult['body']): Record<string, string> {
  const errors = (body.data?.errors ?? []) as { field: string; message: string }[];
  return Object.fromEntries(errors.map((error) => [error.field, error.message]));
}

/** Registers an AI server as `token`'s user and answers its ingest key (shown only on create). */
export async function aiServerIngestKey(t: TestApp, token: string): Promise<string> {
  const server = await t.call('createAiServer', {
    token,
    body: {
      name: 'box',
      serialNumber: 'SN-9999',
      ip: '10.9.9.9',
      port: 8000,
      acceleratorType: 'NPU',
      channelCapacity: 4,
    },
  });
  return server.body.data.ingestKey as string;
}

/**
 * Uploads a model file and creates a model from it as `token`'s user (`安全帽检测 1.0.0`, or as
 * `change` says), for tests of what refers to models; answers its id.
 */
export async function createTestModel(
  t: TestApp,
  token: string,
  change: Record<string, unknown> = {},
): Promise<number> {
  const { payload, headers } = multipartFile(Buffer.from('test model bytes'), { fileName: 'helmet.onnx' });
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/cfop/files/model-files',
    headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
    payload,
  });
  const body = {
    name: '安全帽检测',
    algorithm: 'helmet',
    version: '1.0.0',
    fileId: uploaded.json().data.id as number,
    format: 'ONNX',
    inputSize: '640x640',
    targetHardware: 'NPU',
    ...change,
  };
  const { body: answer } = await t.call('createModel', { token, body });
  if (!answer.success) throw new Error(answer.msg);
  return answer.data.id as number;
}

/**
 * Creates items through a create operation as `token`'s user, failing the test on a refusal; the
 * clock moves a second after each, so every item has its own createdAt.
 */
export function creator(t: TestApp, operationId: string, token: string) {
  return async (body: Record<string, unknown>, as = token) => {
    const { body: answer } = await t.call(operationId, { token: as, body });
    if (!answer.success) throw new Error(answer.msg);
    t.clock.advance(1000);
    return answer.data as { id: number; [field: string]: unknown };
  };
}

/** A user form's body as the console sends it (no password: a create adds one), `change` on top. */
export const userBody = (
  username: string,
  roleIds: readonly number[],
  change: Record<string, unknown> = {},
): Record<string, unknown> => ({
  username,
  name: username,
  phone: null,
  email: null,
  status: 'enabled',
  roleIds,
  ...change,
});

export async function addUser(
  dataDir: string,
  account: { username: string; password: string; name?: string; phone?: string; roles?: string[] },
): Promise<number> {
  const db = await openDatabase(dataDir, knownTestDatabaseUrl(dataDir));
  try {
    const roleIds = await findRoleIds(db, account.roles ?? []);
    const user = await createUser(
      { db, clock: systemClock, contract },
      {
        username: account.username,
        name: account.name ?? account.username,
        phone: account.phone ?? null,
        email: null,
        status: 'enabled',
        password: account.password,
        roleIds: [...roleIds.values()],
      },
    );
    return user.id as number;
  } finally {
    await db.destroy();
  }
}

/** Keys the tests compute from the contract are the contract's AccessKey values, checked here once. */
function contractKeys(keys: readonly string[]): AccessKey[] {
  const isKey = (key: string): key is AccessKey => contract.accessKeys.includes(key);
  const unknown = keys.filter((key) => !isKey(key));
  if (unknown.length > 0) throw new Error(`addRole: not access keys of openapi.yaml: ${unknown.join(', ')}`);
  return keys.filter(isKey);
}

export async function addRole(dataDir: string, code: string, accessKeys: readonly string[]): Promise<number> {
  const db = await openDatabase(dataDir, knownTestDatabaseUrl(dataDir));
  try {
    const role = await createRole(
      { db, clock: systemClock, contract },
      {
        code,
        name: code,
        accessKeys: contractKeys(accessKeys),
      },
    );
    return role.id as number;
  } finally {
    await db.destroy();
  }
}

/**
 * Direct SQL on the data folder's database, beside the app, as an operator's tool would: its SQLite
 * file, or on a run on PostgreSQL the folder's database through the same calls.
 */
export function withSqlite<T>(dataDir: string, work: (sqlite: SyncDatabase) => T): T {
  const url = knownTestDatabaseUrl(dataDir);
  if (url !== undefined) return work(syncPostgres(url));
  const sqlite = new SqliteDatabase(join(dataDir, databaseFileName));
  try {
    return work(sqlite);
  } finally {
    sqlite.close();
  }
}

/**
 * The operation log records rejected calls too, and job_runs the background jobs' runs, which go on
 * meanwhile: suites proving "nothing written" leave them out, with the operation log's trigram
 * table on SQLite (its FTS5 tables, named after it).
 */
const loggedTables = new Set(['operation_logs', 'job_runs']);
const isLogged = (table: string) =>
  loggedTables.has(table) || table.startsWith(trigramTableOf('operation_logs'));

/** Every row of every table but the operation log, to prove a rejected call wrote nothing. */
export function snapshotRows(dataDir: string): Record<string, unknown[]> {
  return withSqlite(dataDir, (sqlite) => {
    const tables = (
      sqlite
        .prepare(
          testOnPostgres
            ? "select table_name as name from information_schema.tables where table_schema = 'public' order by name"
            : "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
        .all() as { name: string }[]
    )
      .map((row) => row.name)
      .filter((name) => !isLogged(name));
    // In a stable order: PostgreSQL moves a row it rewrote unchanged (an upsert) to the table's end.
    const rowsOf = (table: string) =>
      sqlite
        .prepare(`select * from ${table}`)
        .all()
        .map((row) => [JSON.stringify(row), row] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, row]) => row);
    return Object.fromEntries(tables.map((table) => [table, rowsOf(table)]));
  });
}

export interface LogRow {
  readonly user_id: number | null;
  readonly username: string | null;
  readonly ip: string;
  readonly area: string | null;
  readonly action: string;
  readonly target: string;
  readonly result: 'success' | 'failure';
  readonly code: string;
  readonly detail_zh: string;
  readonly detail_en: string;
}

/** The operation log, oldest first. */
export function operationLog(dataDir: string): LogRow[] {
  return withSqlite(
    dataDir,
    (sqlite) => sqlite.prepare('select * from operation_logs order by id').all() as LogRow[],
  );
}

/** Every stored or half-received file under DATA_DIR/files, as paths below it. */
export function filesOnDisk(dataDir: string): string[] {
  const dir = join(dataDir, 'files');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}
