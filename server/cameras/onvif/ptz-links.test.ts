import { describe, expect, it, onTestFinished } from 'vitest';
import { parseAllowedHosts, systemLookup } from '../../streams/stream-address';
import { startTestOnvifDevice } from '../../../test-support/onvif-device/onvif-device';
import { onvifPtz } from './onvif-ptz';
import { createPtzLinks } from './ptz-links';
import type { DeviceReadOptions } from './onvif-device';

const credentials = { username: 'admin', password: 'Links#9' };
const options: DeviceReadOptions = {
  policy: { allowed: parseAllowedHosts('127.0.0.1').allowed, lookup: systemLookup, writeLookupMs: 1000 },
  requestTimeoutMs: 5000,
  readTimeoutMs: 30_000,
};

async function steeredDevice() {
  const device = await startTestOnvifDevice({
    ...credentials,
    streams: { main: 'rtsp://127.0.0.1:8554/links/main', sub: 'rtsp://127.0.0.1:8554/links/sub' },
  });
  onTestFinished(() => device.close());
  let now = 0;
  const links = createPtzLinks({ idleMs: 60_000, kept: 2, now: () => now });
  const steer =
    (password = credentials.password) =>
    <T>(command: Parameters<typeof links.run<T>>[2]) =>
      links.run({ xaddr: device.xaddr, username: credentials.username, password }, options, command);
  return { device, steer, later: (ms: number) => (now += ms) };
}

const opening = ['GetSystemDateAndTime', 'GetCapabilities', 'GetProfiles'];

describe('PTZ links', () => {
  it('sends a held control as one request per command once the device is open', async () => {
    const { device, steer } = await steeredDevice();
    await onvifPtz.move(steer(), { pan: 0.5, tilt: 0, zoom: 0 });
    await onvifPtz.move(steer(), { pan: 0.5, tilt: 0, zoom: 0 });
    await onvifPtz.stop(steer());
    expect(device.requests).toEqual([...opening, 'ContinuousMove', 'ContinuousMove', 'Stop']);
  });

  it('opens the device afresh after a minute unused', async () => {
    const { device, steer, later } = await steeredDevice();
    await onvifPtz.stop(steer());
    later(59_999);
    await onvifPtz.stop(steer());
    later(60_000);
    await onvifPtz.stop(steer());
    expect(device.requests).toEqual([...opening, 'Stop', 'Stop', ...opening, 'Stop']);
  });

  it('keeps a link per credentials, and opens it afresh after a command failed', async () => {
    const { device, steer } = await steeredDevice();
    await onvifPtz.stop(steer());
    await expect(onvifPtz.stop(steer('wrong'))).rejects.toThrow();
    expect(device.refused()).toBeGreaterThan(0);
    device.requests.length = 0;
    await onvifPtz.stop(steer());
    expect(device.requests).toEqual(['Stop']);

    await expect(steer()(() => Promise.reject(new Error('the device went away')))).rejects.toThrow();
    await onvifPtz.stop(steer());
    expect(device.requests).toEqual(['Stop', ...opening, 'Stop']);
  });
});
