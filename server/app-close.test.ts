import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './test-support/test-app';

describe('closing the server', () => {
  it('cuts a connection that has not ended its request once the close grace is over', async () => {
    const t = await startTestApp({ closeGraceMs: 200 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    await once(client, 'connect');
    // Headers begun and never finished: without the grace the close would wait out Node's header
    // time-out (a minute).
    client.write('GET /cfop/user/info HTTP/1.1\r\nHost: console\r\n');
    const cut = once(client, 'close');
    await t.app.close();
    await cut;
    expect(client.destroyed).toBe(true);
  });
});
