import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookReceiver {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * The message's text in the robot formats (DingTalk and WeCom `text.content` or `markdown.text`,
 * Feishu `content.text`), or the whole body in one line for plain JSON.
 */
export function readableMessage(body: string): string {
  try {
    const message = JSON.parse(body) as {
      text?: { content?: string };
      markdown?: { title?: string; text?: string; content?: string };
      content?: { text?: string };
    };
    const text =
      message.text?.content ??
      message.markdown?.text ??
      message.markdown?.content ??
      message.content?.text ??
      JSON.stringify(message);
    return text.replace(/\s+/g, ' ').trim();
  } catch {
    return body.replace(/\s+/g, ' ').trim();
  }
}

/** A webhook receiver on loopback that prints each message it gets as one line and answers as DingTalk does. */
export async function startWebhookReceiver(say: (line: string) => void): Promise<WebhookReceiver> {
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      say(`webhook ← ${readableMessage(Buffer.concat(chunks).toString())}`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
    });
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/robot/send`,
    async stop() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
