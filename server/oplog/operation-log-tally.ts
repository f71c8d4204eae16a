import type { PlatformContext } from '../operations/platform-context';
import { exclusiveTransaction } from '../db/exclusive-transaction';
import type { LocalText } from '../kernel/locale';
import { entryDetail, writeOperationLog, type LoggedCall } from './operation-log';

/** Anonymous calls alike are summed per quarter hour of the clock. */
export const tallyWindowMs = 15 * 60_000;

/**
 * Logs an anonymous call the guessing limits refused, or an SMS code sent, as part of a tally: the
 * first such call of an operation from an address with one answer code in a quarter hour writes an
 * ordinary entry; each further one only raises the count that entry's detail shows. An operator
 * still sees who was flooding, what, how often and when it began, while a flood of thousands writes
 * a handful of rows instead of thousands.
 */
export async function tallyOperationLog(ctx: PlatformContext, call: LoggedCall): Promise<void> {
  const now = ctx.clock.now().getTime();
  const key = {
    action: call.operation.operationId,
    ip: call.countsAs,
    code: call.failure?.code ?? '0',
    window_start: new Date(now - (now % tallyWindowMs)).toISOString(),
  };
  await exclusiveTransaction(ctx.db, ['operation_log_tallies'], async (trx) => {
    await trx.deleteFrom('operation_log_tallies').where('window_start', '<', key.window_start).execute();
    const tally = await trx
      .selectFrom('operation_log_tallies')
      .select(['log_id', 'count'])
      .where('action', '=', key.action)
      .where('ip', '=', key.ip)
      .where('code', '=', key.code)
      .where('window_start', '=', key.window_start)
      .executeTakeFirst();
    if (!tally) {
      const logId = await writeOperationLog(ctx, call, trx);
      await trx
        .insertInto('operation_log_tallies')
        .values({ ...key, log_id: logId, count: 1 })
        .execute();
      return;
    }
    const count = tally.count + 1;
    await trx
      .updateTable('operation_log_tallies')
      .set({ count })
      .where('action', '=', key.action)
      .where('ip', '=', key.ip)
      .where('code', '=', key.code)
      .where('window_start', '=', key.window_start)
      .execute();
    const detail = talliedDetail(entryDetail(call), count);
    await trx
      .updateTable('operation_logs')
      .set({ detail_zh: detail.zh, detail_en: detail.en })
      .where('id', '=', tally.log_id)
      .execute();
  });
}

function talliedDetail(detail: LocalText, count: number): LocalText {
  const zh = `此地址本刻钟内同类调用共 ${count} 次，只记此一条`;
  const en = `${count} such calls from this address this quarter hour, logged once`;
  return {
    zh: detail.zh ? `${detail.zh}（${zh}）` : zh,
    en: detail.en ? `${detail.en} (${en})` : en,
  };
}
