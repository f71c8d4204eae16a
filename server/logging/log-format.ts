import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

export const logFormats = ['json', 'pretty'] as const;
export type LogFormat = (typeof logFormats)[number];

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * What the server's log looks like: the setting (CFOP_LOG_FORMAT) when given; otherwise one human
 * line per event on a terminal, and JSON lines elsewhere, as log collectors read them.
 */
export function chooseLogFormat(setting: LogFormat | undefined, isTerminal: boolean): LogFormat {
  return setting ?? (isTerminal ? 'pretty' : 'json');
}

/** Fastify's logger setting for the format and level; the pretty printer writes to `destination`. */
export function serverLogger(
  format: LogFormat,
  level: LogLevel,
  destination: NodeJS.WritableStream = process.stdout,
): NonNullable<FastifyServerOptions['logger']> {
  if (format === 'json') return { level };
  // In this thread and synchronous (no transport worker): the last lines before an exit are not lost,
  // and they interleave in order with what else the process prints.
  const stream = pretty({
    destination,
    sync: true,
    colorize: (destination as { isTTY?: boolean }).isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
  });
  return { level, stream };
}
