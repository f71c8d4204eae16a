import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../config';
import { chooseLogFormat, serverLogger, type LogFormat } from './log-format';

describe('the log format', () => {
  it('is human lines on a terminal and JSON lines otherwise, unless CFOP_LOG_FORMAT says', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });

  it('reads CFOP_LOG_FORMAT and CFOP_LOG_LEVEL, naming a bad value', () => {
    const config = readServerConfig({ CFOP_LOG_FORMAT: 'json', CFOP_LOG_LEVEL: 'debug' });
    expect([config.logFormat, config.logLevel]).toEqual(['json', 'debug']);
    expect(() => readServerConfig({ CFOP_LOG_FORMAT: 'xml', CFOP_LOG_LEVEL: 'loud' })).toThrow(
      /CFOP_LOG_FORMAT.*json, pretty[\s\S]*CFOP_LOG_LEVEL.*fatal, error, warn, info, debug, trace/,
    );
  });

  it('writes JSON lines, or one human line per message, at the level chosen', async () => {
    const written = async (format: LogFormat) => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      });
      const logger = serverLogger(format, 'warn', stream) as object;
      const app = Fastify({ logger: format === 'json' ? { ...logger, stream } : logger });
      app.log.info('hidden');
      app.log.warn({ dataDir: '/srv/cfop' }, 'the data folder is open to other users');
      await app.close();
      return lines;
    };
    expect((await written('json')).map((line) => JSON.parse(line) as object)).toMatchObject([
      { msg: 'the data folder is open to other users', level: 40, dataDir: '/srv/cfop' },
    ]);
    const [line, ...more] = await written('pretty');
    expect(more).toEqual([]);
    expect(line).toMatch(
      /^\[\d\d:\d\d:\d\d\] WARN: the data folder is open to other users \{"dataDir":"\/srv\/cfop"\}$/,
    );
  });
});
