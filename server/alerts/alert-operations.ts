import type { AlertsContext } from './alerts-context';
import type { Lang } from '../kernel/locale';
import { alertOperationIds, alertResource, alertsIn } from './alert-resource';
import type { components } from '../../src/generated/openapi';
import { bulkHandleAlerts, decisionNames, handleAlert, handleAlertsByFilter } from './alert-handling';
import { storeAlert, storeAlertWithSnapshot, type StoredAlert } from './reported-alerts';
import { ingestCameras, recordHeartbeat, snapshotKind } from './alert-ingest';
import { snapshotBucket, takeFromBucket } from './ingest-quotas';
import { checkSnapshotLink, type SnapshotLinkCheck } from './snapshot-link';
import { serveFile, storeFile } from '../files/file-store';
import { ApiError, underPart } from '../kernel/api-error';
import { getItem, getItems, itemOfRow, selectionOf } from '../resources/resource-service';
import { contractTyped, operationIn, resourceOperations } from '../resources/resource-handlers';
import { listFacts } from '../../contract/list-facts';
import { requestTimeZone } from '../kernel/time-zone';
import { requireAiServer, requireSession, type SomeOperationHandlers } from '../operations/operation-handler';

const linkRefusals: Readonly<Record<Exclude<SnapshotLinkCheck, 'valid'>, () => ApiError>> = {
  forged: () =>
    new ApiError('403', {
      zh: '快照链接无效（签名不符）',
      en: 'The snapshot link is not valid (its signature does not match)',
    }),
  expired: () =>
    new ApiError('403', {
      zh: '快照链接已过期，请登录控制台查看该告警',
      en: 'The snapshot link has expired; sign in to the console to see the alert',
    }),
};

const handlingDetail = ({ decision, note }: components['schemas']['AlertHandling']) => ({
  zh: `${decisionNames[decision].zh}${note?.trim() ? `：${note.trim()}` : ''}`,
  en: `${decisionNames[decision].en}${note?.trim() ? `: ${note.trim()}` : ''}`,
});

/** The filters of a handling by filter as the operation log names its target: `camera=3 level=high`. */
const filtersText = (filters: readonly [string, unknown][]) =>
  filters.length === 0
    ? '全部待处理 / all pending'
    : filters.map(([name, value]) => `${name}=${String(value)}`).join(' ');

/** A reported alert as getAlert answers it; a new one is told to the live streams. */
async function answerStored(
  ctx: AlertsContext,
  { id, row }: StoredAlert,
  lang: Lang,
): Promise<components['schemas']['Alert']> {
  if (!row) return contractTyped(await getItem(ctx.db, alertsIn(ctx), id, lang));
  ctx.alertHooks.alertsCommitted();
  return contractTyped(await itemOfRow(ctx.db, alertsIn(ctx), row, lang));
}

export const alertOperations = {
  ...resourceOperations(alertResource, alertOperationIds),

  // The AI server's side, authenticated by its ingest key.
  async listIngestCameras(input, ctx) {
    return { items: await ingestCameras(ctx.db, requireAiServer(input).id) };
  },
  async ingestHeartbeat(input, ctx) {
    return recordHeartbeat(ctx, requireAiServer(input), input.body);
  },
  async uploadAlertSnapshot(input, ctx) {
    const server = requireAiServer(input);
    if (!input.file) throw new Error('uploadAlertSnapshot is bound to an operation without a multipart body');
    // Counted once received: only then is the size known, and what is refused is not kept.
    await takeFromBucket(ctx.db, server.id, snapshotBucket(ctx.ingest), input.file.size, ctx.clock.now());
    // Kept with its server: only that server's alerts and passages may name it.
    return storeFile(ctx, input.file, snapshotKind, { aiServerId: server.id });
  },
  async ingestAlert(input, ctx) {
    return answerStored(ctx, await storeAlert(ctx, requireAiServer(input), input.body), input.lang);
  },

  async ingestAlertWithSnapshot(input, ctx) {
    if (!input.file)
      throw new Error('ingestAlertWithSnapshot is bound to an operation without a multipart body');
    // The part leaves out snapshotId (its x-file-id): the stored file fills it.
    const server = requireAiServer(input);
    const stored = await storeAlertWithSnapshot(ctx, server, input.body.alert, input.file).catch(
      (error: unknown) => {
        throw underPart('alert', error);
      },
    );
    return answerStored(ctx, stored, input.lang);
  },

  // The operators' side, under KEY.CENTER.AIWARN.
  async getAlertSnapshot(input, ctx) {
    return serveFile(ctx, input.params.id, snapshotKind);
  },
  // A message's receiver, with no account: the link's signature stands for the key.
  async getSharedAlertSnapshot(input, ctx) {
    const { id } = input.params;
    const now = ctx.clock.now();
    const check = checkSnapshotLink(ctx.snapshotLinks, id, input.query, now);
    if (check !== 'valid') throw linkRefusals[check]();
    const secondsLeft = input.query.expires - Math.ceil(now.getTime() / 1000);
    return serveFile(ctx, id, snapshotKind, {
      cacheControl: `private, max-age=${Math.max(0, secondsLeft)}`,
      referrerPolicy: 'no-referrer',
    });
  },
  async handleAlert(input, ctx) {
    const { id } = input.params;
    const handling = input.body;
    input.audit.target = `#${id}`;
    const label = await handleAlert(ctx, id, handling, requireSession(input).userId);
    input.audit.target = `#${id} ${label}`;
    input.audit.detail = handlingDetail(handling);
    ctx.alertHooks.alertsCommitted();
    return contractTyped(await getItem(ctx.db, alertsIn(ctx), id, input.lang));
  },
  async bulkHandleAlerts(input, ctx) {
    const { ids, ...handling } = input.body;
    input.audit.target = ids.map((id) => `#${id}`).join('，');
    const { handled, skipped } = await bulkHandleAlerts(ctx, ids, handling, requireSession(input).userId);
    const detail = handlingDetail(handling);
    input.audit.detail = {
      zh: `${detail.zh}（处理 ${handled.length} 条，跳过已处理 ${skipped} 条）`,
      en: `${detail.en} (${handled.length} handled, ${skipped} already handled)`,
    };
    if (handled.length > 0) ctx.alertHooks.alertsCommitted();
    return { items: contractTyped(await getItems(ctx.db, alertsIn(ctx), handled, input.lang)), skipped };
  },
  async handleAlertsByFilter(input, ctx) {
    const { query, body: handling } = input;
    const filters = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
    input.audit.target = filtersText(filters);
    const shape = listFacts(operationIn(ctx.contract, 'handleAlertsByFilter').parameters);
    const reader = { lang: input.lang, timeZone: requestTimeZone(input.headers) };
    const selection = selectionOf(alertsIn(ctx), shape, query, reader, ctx.clock.now());
    const result = await handleAlertsByFilter(ctx, selection, handling, requireSession(input).userId);
    const detail = handlingDetail(handling);
    input.audit.detail = {
      zh: `${detail.zh}（按筛选处理 ${result.handled} 条，跳过已处理 ${result.skipped} 条${result.capped ? '，已达上限' : ''}）`,
      en: `${detail.en} (${result.handled} handled by filter, ${result.skipped} already handled${result.capped ? ', cap reached' : ''})`,
    };
    return result;
  },
} satisfies SomeOperationHandlers<AlertsContext>;
