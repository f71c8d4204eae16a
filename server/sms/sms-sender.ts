/** One SMS sign-in code on its way to a phone; also the JSON written to the outbox or the webhook. */
export interface SmsMessage {
  readonly at: string;
  readonly phone: string;
  readonly code: string;
  readonly text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export type SmsSenderKind = 'log' | 'webhook';

export const smsSenderKinds: readonly SmsSenderKind[] = ['log', 'webhook'];
