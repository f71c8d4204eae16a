import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createWebhookSmsSender } from './webhook-sms-sender';

const message = {
  at: '2030-01-01T08:00:00.000Z',
  phone: '13800138000',
  code: '123456',
  text: '验证码 123456',
};

async function loopbackGateway(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const received: { method?: string; type?: string; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method, type: request.headers['content-type'], body });
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`, received };
}

describe('webhook SMS sender', () => {
  it('POSTs the message as JSON', async () => {
    const gateway = await loopbackGateway((_request, response) => response.writeHead(204).end());
    await createWebhookSmsSender({ url: gateway.url }).send(message);
    expect(gateway.received).toEqual([
      { method: 'POST', type: 'application/json', body: JSON.stringify(message) },
    ]);
  });

  it('fails when the gateway answers an error', async () => {
    const gateway = await loopbackGateway((_request, response) => response.writeHead(502).end());
    await expect(createWebhookSmsSender({ url: gateway.url }).send(message)).rejects.toThrow('HTTP 502');
  });

  it('gives up when the gateway does not answer in time', async () => {
    const gateway = await loopbackGateway(() => undefined);
    await expect(createWebhookSmsSender({ url: gateway.url, timeoutMs: 100 }).send(message)).rejects.toThrow(
      /abort|timeout/i,
    );
  });
});
