import { withNamedTables } from '../db/named-tables';
import type { Db } from '../db/open-database';
import type { FieldProblem } from '../kernel/api-error';
import type { Item, LinkedField, ReferenceRule, ResourceDefinition } from './resource-definition';
import { labelsByIds } from './resource-store';

// Array fields kept in link tables (a role's access keys, a user's roles): read for many items in
// one query, replaced with their item, checked against the table they reference.

const loose = (db: Db) => withNamedTables(db);

type Links = Readonly<Record<string, LinkedField>>;

/**
 * The linked fields' values (and referenced labels) of many items: id → { field: values }, sorted
 * by value, or in the order `orders` gives a field (its items' enum).
 */
export async function linkedValues(
  db: Db,
  links: Links,
  ids: readonly number[],
  orders: Readonly<Record<string, readonly unknown[]>> = {},
): Promise<Map<number, Item>> {
  const answer = new Map<number, Item>(ids.map((id) => [id, {}]));
  if (ids.length === 0) return answer;
  for (const [field, link] of Object.entries(links)) {
    const rows = await loose(db)
      .selectFrom(link.table)
      .select([`${link.ownerColumn} as owner`, `${link.valueColumn} as value`])
      .where(link.ownerColumn, 'in', [...ids])
      .orderBy(link.ownerColumn)
      .orderBy(link.valueColumn)
      .execute();
    const byOwner = new Map<unknown, unknown[]>(ids.map((id) => [id, []]));
    for (const row of rows) byOwner.get(row.owner)?.push(row.value);
    const order = orders[field];
    if (order) {
      for (const values of byOwner.values()) values.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    }
    const labels = link.references
      ? await labelsOf(
          db,
          link.references,
          rows.map((row) => row.value),
        )
      : null;
    for (const [id, item] of answer) {
      const values = byOwner.get(id) ?? [];
      item[field] = values;
      if (link.references && labels) {
        item[link.references.label] = values.map((value) => (isId(value) ? (labels.get(value) ?? '') : ''));
      }
    }
  }
  return answer;
}

async function labelsOf(
  db: Db,
  rule: ReferenceRule,
  values: readonly unknown[],
): Promise<Map<number, string>> {
  return labelsByIds(db, rule, [...new Set(values.filter(isId))]);
}

/** Linked values referring to rows are their integer ids. */
const isId = (value: unknown): value is number => typeof value === 'number';

/** Problems naming each linked field whose input names a referenced row that does not exist. */
export async function missingLinkedReferences(
  db: Db,
  links: Links,
  input: Readonly<Record<string, unknown>>,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const [field, link] of Object.entries(links)) {
    const values = valuesIn(input, field);
    if (!link.references || values.length === 0) continue;
    const found = await labelsOf(db, link.references, values);
    const missing = values.filter((id) => !isId(id) || !found.has(id));
    if (missing.length > 0) {
      const { what } = link.references;
      problems.push({
        field,
        message: {
          zh: `${what.zh}不存在（id ${missing.join('、')}）`,
          en: `no such ${what.en} (id ${missing.join(', ')})`,
        },
      });
    }
  }
  return problems;
}

/** Makes the item's links hold exactly the input's values. */
export async function replaceLinks(
  db: Db,
  links: Links,
  id: number,
  input: Readonly<Record<string, unknown>>,
): Promise<void> {
  for (const [field, link] of Object.entries(links)) {
    const values = valuesIn(input, field);
    await loose(db).deleteFrom(link.table).where(link.ownerColumn, '=', id).execute();
    if (values.length > 0) {
      await loose(db)
        .insertInto(link.table)
        .values(values.map((value) => ({ [link.ownerColumn]: id, [link.valueColumn]: value })))
        .execute();
    }
  }
}

/** A linked field's values as sent: none when the field is absent. */
function valuesIn(input: Readonly<Record<string, unknown>>, field: string): readonly unknown[] {
  const sent = input[field];
  return Array.isArray(sent) ? sent : [];
}

export function linksOf(definition: ResourceDefinition): Links {
  return definition.links ?? {};
}
