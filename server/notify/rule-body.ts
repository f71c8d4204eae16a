import type { components } from '../../src/generated/openapi';
import type { NotifyContext } from './notify-context';
import { badInput, type FieldProblem } from '../kernel/api-error';
import { passwordMask } from '../streams/stream-credentials';
import { webhookUrlProblem } from './webhook-address';

type RuleInput = components['schemas']['NotifyRuleInput'];

/**
 * The rule body to store: a secret sent back as the mask replaced by the stored one, which is kept
 * only while the webhook's kind and URL stay the same (an administrator who cannot read the secret
 * must not be able to have it sign for a receiver of their own), and the webhook URL checked
 * against where the server may connect (CFOP_WEBHOOK_ALLOW_HOSTS). Refuses with a 400 naming each
 * bad field. Runs before the write's transaction: the check may resolve a name.
 */
export async function ruleBodyToStore(
  ctx: NotifyContext,
  body: RuleInput,
  ruleId: number | null,
): Promise<RuleInput> {
  const problems: FieldProblem[] = [];
  const kept: RuleInput = { ...body };
  if (body.webhookSecret === passwordMask) {
    const stored =
      ruleId === null
        ? undefined
        : await ctx.db
            .selectFrom('notify_rules')
            .select(['webhook_kind', 'webhook_url', 'webhook_secret'])
            .where('id', '=', ruleId)
            .executeTakeFirst();
    const same = stored?.webhook_kind === body.webhookKind && stored.webhook_url === body.webhookUrl;
    if (stored && same && stored.webhook_secret !== '') kept.webhookSecret = stored.webhook_secret;
    else
      problems.push({
        field: 'webhookSecret',
        message: {
          zh: '密钥是掩码，请重新输入（只有 Webhook 类型与地址都不变时才沿用已保存的密钥）',
          en: 'the secret is the mask: type it again (the stored secret is kept only while the webhook kind and URL stay the same)',
        },
      });
  }
  if (body.webhookKind !== 'none' && body.webhookUrl) {
    const problem = await webhookUrlProblem(body.webhookUrl, ctx.notify.webhookPolicy);
    if (problem) problems.push({ field: 'webhookUrl', message: problem });
  }
  if (problems.length > 0) throw badInput(problems);
  return kept;
}
