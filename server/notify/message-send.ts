import type { NotifyContext } from './notify-context';
import type { NotifyChannel } from '../db/schema';
import {
  alertLink,
  smsText,
  snapshotLink,
  webhookAccepted,
  webhookRequest,
  type MessageFacts,
} from './message-formats';
import type { Notice } from './notice';
import type { StoredRule } from './stored-rules';
import { postWebhook, type ReceiverAnswer } from './webhook-post';

/** One attempt's outcome: whether the receiver took it, its answer, and what it was sent. */
export interface SendOutcome extends ReceiverAnswer {
  readonly ok: boolean;
  /** The request body, or the SMS text. */
  readonly sent: string;
}

type SendContext = Pick<NotifyContext, 'clock' | 'smsSender' | 'notify' | 'contract' | 'snapshotLinks'>;

export function messageFacts(ctx: SendContext, notice: Notice, count: number): MessageFacts {
  return {
    notice,
    count,
    alertUrl: alertLink(ctx.notify.publicUrl, notice),
    snapshotUrl: snapshotLink(
      ctx.notify.publicUrl,
      ctx.contract.basePath,
      notice,
      ctx.snapshotLinks,
      ctx.clock.now(),
    ),
    timeZone: ctx.notify.timeZone,
  };
}

/** Sends one message to one receiver of a rule now. Never throws: a failure is an outcome. */
export async function sendMessage(
  ctx: SendContext,
  rule: StoredRule,
  receiver: { readonly channel: NotifyChannel; readonly target: string },
  message: MessageFacts,
): Promise<SendOutcome> {
  if (receiver.channel === 'sms') {
    const text = smsText(message);
    try {
      await ctx.smsSender.send({ at: ctx.clock.now().toISOString(), phone: receiver.target, code: '', text });
      return { ok: true, status: null, answer: 'sent', sent: text };
    } catch (error) {
      return { ok: false, status: null, answer: (error as Error).message.slice(0, 500), sent: text };
    }
  }
  if (rule.webhookKind === 'none' || rule.webhookUrl === '')
    return { ok: false, status: null, answer: 'the rule has no webhook any more', sent: '' };
  const request = webhookRequest(
    rule.webhookKind,
    { url: rule.webhookUrl, secret: rule.webhookSecret },
    message,
    ctx.clock.now(),
  );
  const answer = await postWebhook(request.url, request.body, ctx.notify.webhookPolicy);
  const ok = answer.status !== null && webhookAccepted(rule.webhookKind, answer.status, answer.answer);
  return { ...answer, ok, sent: request.body };
}
