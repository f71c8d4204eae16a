import type { components } from '../../src/generated/openapi';
import type { AlertsContext } from '../alerts/alerts-context';
import type { Db } from '../db/open-database';
import { occurredAtProblems, ownSnapshotProblems, type IngestCaller } from '../alerts/alert-ingest';
import { passageBucket, takeFromBucket } from '../alerts/ingest-quotas';
import { raiseSystemAlert, type SystemAlert } from '../alerts/system-alerts';
import { badInput, type FieldProblem } from '../kernel/api-error';
import type { PassageRow } from './passages';
import { applyTransition, checkIn, checkOut, leftAgain, visitorState } from './visitor-transitions';

type PassageReport = components['schemas']['PassageReport'];

/** The fields naming who or what passed; a report names exactly one. */
const credentials = ['employeeNo', 'passCode', 'plate'] as const;

function credentialProblems(report: PassageReport): FieldProblem[] {
  const sent = credentials.filter((field) => report[field] !== undefined);
  if (sent.length === 1) return [];
  const message =
    sent.length === 0
      ? { zh: '工号、通行码、车牌须有其一', en: 'one of employeeNo, passCode and plate is required' }
      : { zh: '工号、通行码、车牌只能有其一', en: 'only one of employeeNo, passCode and plate may be sent' };
  return (sent.length === 0 ? credentials : sent).map((field) => ({ field, message }));
}

/** What the passage matched, and what of it decides whether the pass had ended. */
interface Matched {
  readonly staff?: { id: number; name: string; valid_to: string | null };
  readonly visitor?: { id: number; name: string; visit_to: string };
  readonly vehicle?: { id: number; plate: string; list_type: string; valid_to: string | null };
}

async function matchOf(db: Db, report: PassageReport): Promise<Matched> {
  if (report.employeeNo !== undefined) {
    const staff = await db
      .selectFrom('staff')
      .select(['id', 'name', 'valid_to'])
      .where('employee_no', '=', report.employeeNo)
      .executeTakeFirst();
    return { staff };
  }
  if (report.passCode !== undefined) {
    const visitor = await db
      .selectFrom('visitors')
      .select(['id', 'name', 'visit_to'])
      .where('pass_code', '=', report.passCode)
      .executeTakeFirst();
    return { visitor };
  }
  const vehicle = await db
    .selectFrom('vehicles')
    .select(['id', 'plate', 'list_type', 'valid_to'])
    .where('plate', '=', report.plate ?? '')
    .executeTakeFirst();
  return { vehicle };
}

/**
 * The alerts a passage raises: a blacklisted plate, or a pass used after it ended. A validity is a
 * date: it is judged by the date the gate's own clock showed (occurredAt as sent, with its offset).
 */
function alertsOf(report: PassageReport, matched: Matched, passageId: number, server: IngestCaller) {
  const day = report.occurredAt.slice(0, 10);
  const at = Date.parse(report.occurredAt);
  const base = { source: 'access', aiServerId: server.id, occurredAt: report.occurredAt } as const;
  const alerts: SystemAlert[] = [];
  const { staff, visitor, vehicle } = matched;
  if (vehicle?.list_type === 'blacklist') {
    alerts.push({
      ...base,
      type: 'blacklistedPlate',
      level: 'high',
      title: {
        zh: `黑名单车辆 ${vehicle.plate} 出现在「${report.gate}」`,
        en: `Blacklisted vehicle ${vehicle.plate} at gate ${report.gate}`,
      },
      sourceId: `passage-${passageId}-blacklistedPlate`,
    });
  }
  const expired =
    (staff?.valid_to != null &&
      staff.valid_to < day && { zh: `员工 ${staff.name}`, en: `Staff member ${staff.name}` }) ||
    (visitor &&
      Date.parse(visitor.visit_to) < at && { zh: `访客 ${visitor.name}`, en: `Visitor ${visitor.name}` }) ||
    (vehicle?.valid_to != null &&
      vehicle.valid_to < day && { zh: `车辆 ${vehicle.plate}`, en: `Vehicle ${vehicle.plate}` });
  if (expired) {
    alerts.push({
      ...base,
      type: 'expiredPass',
      level: 'medium',
      title: {
        zh: `${expired.zh} 的通行权限已过期，仍在「${report.gate}」通行`,
        en: `${expired.en} used an expired pass at gate ${report.gate}`,
      },
      sourceId: `passage-${passageId}-expiredPass`,
    });
  }
  return alerts;
}

/**
 * An allowed passage moves its visitor: the first `in` checks an approved visitor in (within the
 * visit), an `out` checks a visiting one out, and a later `out` moves the check-out to it. Any
 * other passage (denied, out of order, a pass already ended) leaves the visitor as it is.
 */
async function moveVisitorThrough(db: Db, visitorId: number, report: PassageReport, now: Date) {
  if (report.result !== 'allowed') return;
  const visitor = await visitorState(db, visitorId);
  if (!visitor) return;
  const at = new Date(report.occurredAt);
  const transition =
    report.direction === 'in'
      ? visitor.status === 'approved' && Date.parse(visitor.visit_to) >= at.getTime()
        ? checkIn
        : null
      : visitor.status === 'visiting'
        ? checkOut
        : visitor.status === 'left' && (visitor.checked_out_at ?? '') < at.toISOString()
          ? leftAgain
          : null;
  if (transition) await applyTransition(db, visitorId, visitor, transition, at, now);
}

async function passageFromSource(db: Db, serverId: number, sourceId: string) {
  return db
    .selectFrom('passages')
    .selectAll()
    .where('ai_server_id', '=', serverId)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

/**
 * Stores a passage the AI server reports with whom it matched, moves a visitor it checks in or out,
 * and raises the alerts it calls for; answers the stored row. A report whose `sourceId` the server
 * sent before stores, moves and raises nothing and answers the first passage. Refused with one 400
 * naming every field at fault, or a 429 over the server's passage quota (refusals do not count).
 */
export async function storePassage(
  ctx: AlertsContext,
  server: IngestCaller,
  report: PassageReport,
): Promise<PassageRow> {
  const now = ctx.clock.now();
  const stored = await ctx.db.transaction().execute(async (trx) => {
    const sent = await passageFromSource(trx, server.id, report.sourceId);
    if (sent) return { row: sent, alerts: [] };
    const problems = [
      ...credentialProblems(report),
      ...occurredAtProblems(ctx.ingest, now, report.occurredAt),
      ...(await ownSnapshotProblems(trx, server, 'photoId', report.photoId)),
    ];
    if (problems.length > 0) throw badInput(problems);
    const matched = await matchOf(trx, report);
    const row = await trx
      .insertInto('passages')
      .values({
        ai_server_id: server.id,
        source_id: report.sourceId,
        gate: report.gate,
        direction: report.direction,
        result: report.result,
        employee_no: report.employeeNo ?? null,
        pass_code: report.passCode ?? null,
        plate: report.plate ?? null,
        staff_id: matched.staff?.id ?? null,
        visitor_id: matched.visitor?.id ?? null,
        vehicle_id: matched.vehicle?.id ?? null,
        photo_file_id: report.photoId ?? null,
        occurred_at: new Date(report.occurredAt).toISOString(),
        received_at: now.toISOString(),
      })
      // The unique index, not the look-up above, settles concurrent retries (as an alert's, reported-alerts.ts).
      .onConflict((conflict) => conflict.columns(['ai_server_id', 'source_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const first = await passageFromSource(trx, server.id, report.sourceId);
      if (!first) throw new Error('a passage conflicted with no stored passage');
      return { row: first, alerts: [] };
    }
    if (matched.visitor) await moveVisitorThrough(trx, matched.visitor.id, report, now);
    await takeFromBucket(trx, server.id, passageBucket(ctx.ingest), 1, now);
    return { row, alerts: alertsOf(report, matched, row.id, server) };
  });
  // Raised once the passage is committed: its id keys each alert, so raising it again stores none.
  for (const alert of stored.alerts) await raiseSystemAlert(ctx, alert);
  return stored.row;
}
