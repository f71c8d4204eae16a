import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** A whole CSV answer as its reader got it: the time from the request to the last byte, and its size. */
export interface CsvRead {
  readonly status: number;
  readonly ms: number;
  readonly bytes: number;
  /** Line ends less the header's: the records, where no field holds a line break. */
  readonly records: number;
}

// Runs in a Node of its own: when the server runs in the bench's process, the reader's fetch and
// counting are then not counted as the server's CPU time, nor do they hold up its thread.
const readerScript = `
const [url, headers] = process.argv.slice(1);
const started = performance.now();
const response = await fetch(url, { headers: JSON.parse(headers) });
let bytes = 0;
let lines = 0;
for await (const chunk of response.body) {
  bytes += chunk.length;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
}
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ status: response.status, ms, bytes, records: Math.max(0, lines - 1) }));
`;

/** GETs `url` and reads the whole answer in a child process. */
export async function readCsvAnswer(url: string, headers: Record<string, string>): Promise<CsvRead> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', readerScript, url, JSON.stringify(headers)],
    { encoding: 'utf8' },
  );
  return JSON.parse(stdout) as CsvRead;
}
