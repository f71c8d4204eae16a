import { randomInt } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { components } from '../../src/generated/openapi';
import type { AlertsContext } from '../alerts/alerts-context';
import type { Db } from '../db/open-database';
import type { Table, VisitorStatus } from '../db/schema';
import { badInput } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import { notFound } from '../resources/resource-service';

// A visitor's way through the gate: pending → approved or rejected (by an operator's decision);
// approved → visiting (checked in) → left (checked out). Nothing else moves a status.

const statusNames: Record<VisitorStatus, LocalText> = {
  pending: { zh: '待审批', en: 'pending' },
  approved: { zh: '已批准', en: 'approved' },
  rejected: { zh: '已拒绝', en: 'rejected' },
  visiting: { zh: '访问中', en: 'visiting' },
  left: { zh: '已离开', en: 'left' },
};

type Changes = Omit<Updateable<Table<'visitors'>>, 'id'>;

export interface Transition {
  /** The only status the step starts from. */
  readonly from: VisitorStatus;
  /** What the step is called in the refusal: `只有已批准的访客可以签到`. */
  readonly step: LocalText;
  /** The columns to set, given the visitor as it is now; may refuse with an ApiError. `db`: the transaction. */
  changes(visitor: { visit_to: string }, now: Date, db: Db): Changes | Promise<Changes>;
}

/**
 * Moves one visitor along a transition in one transaction; answers its name for the log. An
 * illegal step (another status than `from`) is a 400 on `status` saying what the status is.
 */
export async function moveVisitor(ctx: AlertsContext, id: number, transition: Transition): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const visitor = await visitorState(trx, id);
    if (!visitor) throw notFound(id);
    if (visitor.status !== transition.from) {
      const from = statusNames[transition.from];
      const now = statusNames[visitor.status];
      throw badInput([
        {
          field: 'status',
          message: {
            zh: `只有${from.zh}的访客可以${transition.step.zh}，该访客当前为${now.zh}`,
            en: `only ${/^[aeiou]/.test(from.en) ? 'an' : 'a'} ${from.en} visitor can be ${transition.step.en}; this one is ${now.en}`,
          },
        },
      ]);
    }
    const now = ctx.clock.now();
    await applyTransition(trx, id, visitor, transition, now, now);
    return visitor.name;
  });
}

/** What a transition reads of a visitor. */
export async function visitorState(db: Db, id: number) {
  return db
    .selectFrom('visitors')
    .select(['name', 'status', 'visit_to', 'checked_out_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Writes a transition of a visitor whose status the caller found to be its `from`, in the caller's
 * transaction: as of `at` (when it happened: a gate's passage may be reported late), at `now`.
 */
export async function applyTransition(
  db: Db,
  id: number,
  visitor: { visit_to: string },
  transition: Transition,
  at: Date,
  now: Date,
): Promise<void> {
  const changes = await transition.changes(visitor, at, db);
  await db
    .updateTable('visitors')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

const passCodeDigits = 8;

/** A fresh 8-digit pass code no other visitor holds. */
export async function newPassCode(db: Db): Promise<string> {
  for (;;) {
    const code = String(randomInt(0, 10 ** passCodeDigits)).padStart(passCodeDigits, '0');
    const taken = await db
      .selectFrom('visitors')
      .select('id')
      .where('pass_code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}

export const checkIn: Transition = {
  from: 'approved',
  step: { zh: '签到', en: 'checked in' },
  changes(visitor, now) {
    if (Date.parse(visitor.visit_to) < now.getTime()) {
      throw badInput([
        {
          field: 'visitTo',
          message: {
            zh: '来访时段已结束，不能签到，请重新登记',
            en: 'the visit window has ended, so the visitor cannot check in; register a new visit',
          },
        },
      ]);
    }
    return { status: 'visiting', checked_in_at: now.toISOString() };
  },
};

export const checkOut: Transition = {
  from: 'visiting',
  step: { zh: '签离', en: 'checked out' },
  changes: (_visitor, now) => ({ status: 'left', checked_out_at: now.toISOString() }),
};

/** A visitor who left passes out again (back in through a gate that reports no `in`): left later. */
export const leftAgain: Transition = {
  from: 'left',
  step: { zh: '再次签离', en: 'checked out again' },
  changes: (_visitor, now) => ({ checked_out_at: now.toISOString() }),
};

/** The decision on a pending visitor: approval gets a pass code; both keep comment, decider and time. */
export function decision(
  body: components['schemas']['VisitorDecision'],
  decidedBy: string | null,
): Transition {
  const comment = body.comment.trim();
  if (comment === '') {
    throw badInput([{ field: 'comment', message: { zh: '不能为空', en: 'must not be blank' } }]);
  }
  return {
    from: 'pending',
    step: { zh: '审批', en: 'decided' },
    async changes(_visitor, now, db) {
      const decided = {
        approval_comment: comment,
        approved_by: decidedBy,
        approved_at: now.toISOString(),
      };
      return body.decision === 'approve'
        ? { ...decided, status: 'approved', pass_code: await newPassCode(db) }
        : { ...decided, status: 'rejected' };
    },
  };
}
