import type { Db } from '../db/open-database';
import { reusedQuery } from '../db/reused-query';
import type { NotifyWebhookKind } from '../db/schema';
import { forwardingKeys } from './rule-authors';
import type { RuleFilter } from './rule-match';

/**
 * A rule as matching and sending need it: its filter, its webhook, the phones its SMS goes to and
 * what its author may see.
 */
export interface StoredRule extends RuleFilter {
  readonly id: number;
  readonly name: string;
  readonly cooldownSeconds: number;
  readonly webhookKind: NotifyWebhookKind;
  readonly webhookUrl: string;
  readonly webhookSecret: string;
  readonly smsPhones: readonly string[];
  /** The phones of the rule's SMS users who are enabled and have one. */
  readonly smsUserPhones: readonly string[];
  /**
   * Which of forwardingKeys the rule's last writer holds now: none once that user is disabled or
   * deleted, so the rule forwards nothing (rule-authors.ts).
   */
  readonly authorKeys: ReadonlySet<string>;
}

const jsonList = <T>(text: string) => JSON.parse(text) as T[];

// Read for every batch of stored alerts (the ingest path): built and compiled once, as its other queries.
const enabledRules = reusedQuery((db, _values: Record<string, never>) =>
  db.selectFrom('notify_rules').selectAll().where('enabled', '=', 1).orderBy('id'),
);

/** The rules (the enabled ones, or those of some ids) with their links, in id order. */
export async function loadRules(
  db: Db,
  which: { readonly enabledOnly: true } | { readonly ids: readonly number[] },
): Promise<StoredRule[]> {
  if ('ids' in which && which.ids.length === 0) return [];
  const rows =
    'ids' in which
      ? await db
          .selectFrom('notify_rules')
          .selectAll()
          .where('id', 'in', [...which.ids])
          .orderBy('id')
          .execute()
      : (await enabledRules.execute(db, {})).rows;
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [cameras, servers, users, authorKeys] = await Promise.all([
    db
      .selectFrom('notify_rule_cameras')
      .select(['rule_id', 'camera_id as value'])
      .where('rule_id', 'in', ids)
      .execute(),
    db
      .selectFrom('notify_rule_ai_servers')
      .select(['rule_id', 'ai_server_id as value'])
      .where('rule_id', 'in', ids)
      .execute(),
    db
      .selectFrom('notify_rule_sms_users')
      .innerJoin('users', 'users.id', 'notify_rule_sms_users.user_id')
      .select(['notify_rule_sms_users.rule_id', 'users.phone as value'])
      .where('notify_rule_sms_users.rule_id', 'in', ids)
      .where('users.status', '=', 'enabled')
      .where('users.phone', 'is not', null)
      .execute(),
    db
      .selectFrom('notify_rules')
      .innerJoin('users', 'users.id', 'notify_rules.updated_by')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .innerJoin('role_access_keys', 'role_access_keys.role_id', 'user_roles.role_id')
      .select(['notify_rules.id as rule_id', 'role_access_keys.access_key as value'])
      .where('notify_rules.id', 'in', ids)
      .where('users.status', '=', 'enabled')
      .where('role_access_keys.access_key', 'in', [...forwardingKeys])
      .execute(),
  ]);
  const of = <T>(links: readonly { rule_id: number; value: T }[], id: number) =>
    links.filter((link) => link.rule_id === id).map((link) => link.value);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    labels: jsonList<string>(row.labels),
    minLevel: row.min_level,
    sources: jsonList<string>(row.sources),
    cameraIds: of(cameras, row.id),
    aiServerIds: of(servers, row.id),
    area: row.area,
    days: jsonList(row.days),
    fromTime: row.from_time,
    toTime: row.to_time,
    cooldownSeconds: row.cooldown_seconds,
    webhookKind: row.webhook_kind,
    webhookUrl: row.webhook_url,
    webhookSecret: row.webhook_secret,
    smsPhones: jsonList<string>(row.sms_phones),
    smsUserPhones: of(users, row.id).filter((phone): phone is string => phone !== null && phone !== ''),
    authorKeys: new Set(of(authorKeys, row.id)),
  }));
}

const enabledByTransaction = new WeakMap<Db, Promise<StoredRule[]>>();

/**
 * The enabled rules, read once per transaction: every alert a batch of ingest stores, and each
 * device a heartbeat changes, is matched in one transaction against the same rules, which no other
 * writer can change before it commits (and none of these transactions writes rules). Outside a
 * transaction they are read on each call.
 */
export function enabledRulesIn(db: Db): Promise<StoredRule[]> {
  if (!db.isTransaction) return loadRules(db, { enabledOnly: true });
  let rules = enabledByTransaction.get(db);
  if (!rules) {
    rules = loadRules(db, { enabledOnly: true });
    enabledByTransaction.set(db, rules);
    // A failed read is not kept: the next alert of the transaction reads again.
    rules.catch(() => enabledByTransaction.delete(db));
  }
  return rules;
}
