import type { Db } from '../db/open-database';
import { refusal, type FieldProblem } from '../kernel/api-error';

/** A validity period's end may not come before its start (dates `YYYY-MM-DD`, both optional). */
export function validityProblems(input: Readonly<Record<string, unknown>>): FieldProblem[] {
  const { validFrom, validTo } = input;
  if (typeof validFrom === 'string' && typeof validTo === 'string' && validTo < validFrom) {
    return [
      {
        field: 'validTo',
        message: {
          zh: `不能早于生效日期 ${validFrom}`,
          en: `must not be before the start date ${validFrom}`,
        },
      },
    ];
  }
  return [];
}

/** Refuses the request with every problem found, or lets it through. */
export function refuseProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw refusal(problems);
}

/** `2 visitors`, `1 vehicle`: a count with its noun in English. */
export function counted(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** How many rows of `table` have `column` among `ids`. */
export async function countReferencing(
  db: Db,
  table: 'visitors' | 'vehicles',
  column: 'host_staff_id' | 'staff_id' | 'visitor_id',
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(column, 'in', [...ids])
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The refusal of a delete while other rows still refer to what goes: each use with a count above 0. */
export function stillReferenced(uses: readonly { count: number; zh: string; en: string }[]): FieldProblem[] {
  const held = uses.filter((use) => use.count > 0);
  if (held.length === 0) return [];
  return [
    {
      field: 'id',
      message: {
        zh: `${held.map((use) => use.zh).join('，')}，请先处理后再删除`,
        en: `still ${held.map((use) => use.en).join(' and ')}; reassign or delete them first`,
      },
    },
  ];
}
