import { resolve } from 'node:path';
import { DataFolderError } from '../kernel/data-folder-error';
import { errorCode } from '../kernel/error-codes';
import type { LocalText } from '../kernel/locale';
import { restoreBackup, takeBackup, type BackupManifest, type DataPlaces } from './backup';

/** An operator command on the data's places that opens no store: it neither migrates nor writes the database. */
export interface DataCommand {
  readonly usage: string;
  readonly required: readonly string[];
  readonly optional: readonly string[];
  /** Options without a value (`--no-recordings`). */
  readonly flags: readonly string[];
  readonly runOnData: (
    places: DataPlaces,
    options: Readonly<Record<string, string | boolean | undefined>>,
  ) => Promise<LocalText>;
}

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

function copied(manifest: BackupManifest): LocalText {
  const bytes = manifest.databaseBytes + manifest.fileBytes + manifest.segmentBytes;
  const gone = manifest.segmentsGone.length;
  return {
    zh: `数据库（${manifest.alerts} 条告警）、${manifest.fileObjects} 个存储文件、${manifest.segments} 个录像片段，共 ${megabytes(bytes)} MB${gone > 0 ? `；${gone} 个录像片段在备份期间已被录像清理删除` : ''}`,
    en: `the database (${manifest.alerts} alerts), ${manifest.fileObjects} stored files, ${manifest.segments} recorded segments, ${megabytes(bytes)} MB in all${gone > 0 ? `; ${gone} recorded segments were removed by the recording sweep during the backup` : ''}`,
  };
}

/**
 * A failure carrying a system, SQLite or PostgreSQL code (a folder not writable, a full disk, a
 * database not reachable) is the operator's to fix: told in one line, without a stack trace.
 */
async function toldInOneLine<T>(what: LocalText, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DataFolderError || errorCode(error) === undefined) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new DataFolderError({ zh: `${what.zh}失败：${reason}`, en: `${what.en} failed: ${reason}` });
  }
}

export const backupCommands: Record<string, DataCommand> = {
  backup: {
    usage: 'backup --to FOLDER [--no-recordings]',
    required: ['to'],
    optional: [],
    flags: ['no-recordings'],
    async runOnData(places, options) {
      const to = resolve(String(options.to));
      const started = Date.now();
      const manifest = await toldInOneLine({ zh: '备份', en: 'The backup' }, () =>
        takeBackup(places, to, { recordings: options['no-recordings'] !== true, now: () => new Date() }),
      );
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const what = copied(manifest);
      return {
        zh: `已备份到 ${to}（${seconds} 秒）：${what.zh}`,
        en: `Backed up to ${to} in ${seconds} s: ${what.en}`,
      };
    },
  },

  restore: {
    usage: 'restore --from FOLDER',
    required: ['from'],
    optional: [],
    flags: [],
    async runOnData(places, options) {
      const from = resolve(String(options.from));
      const manifest = await toldInOneLine({ zh: '恢复', en: 'The restore' }, () =>
        restoreBackup(places, from),
      );
      const what = copied(manifest);
      return {
        zh: `已从 ${from}（备份于 ${manifest.startedAt}）恢复：${what.zh}。现在可以启动服务器`,
        en: `Restored from ${from} (backed up ${manifest.startedAt}): ${what.en}. The server can start now`,
      };
    },
  },
};
