import type { SmsSender } from './sms-sender';

const defaultTimeoutMs = 5000;

/** Hands each message, as JSON, to a gateway of the operator's choosing. */
export function createWebhookSmsSender(options: { url: string; timeoutMs?: number }): SmsSender {
  return {
    async send(message) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(options.timeoutMs ?? defaultTimeoutMs),
      });
      if (!response.ok) throw new Error(`SMS webhook answered HTTP ${response.status}`);
    },
  };
}
