import { Cam, type RequestCallback } from 'onvif';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startTestOnvifDevice } from '../../test-support/onvif-device/onvif-device';

/** The test device as a real client drives it: the onvif library, which the server uses too. */
async function driven(password = 'secret') {
  const device = await startTestOnvifDevice({
    username: 'admin',
    password: 'secret',
    streams: { main: 'rtsp://127.0.0.1:8554/main', sub: 'rtsp://127.0.0.1:8554/sub' },
  });
  onTestFinished(() => device.close());
  const url = new URL(device.xaddr);
  const cam = new Cam({
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    username: 'admin',
    password,
    autoconnect: false,
  });
  const ask = (call: (done: RequestCallback) => void) =>
    new Promise<unknown>((resolve, reject) =>
      call((error, value) => (error ? reject(error) : resolve(value))),
    );
  await ask((done) => cam.getSystemDateAndTime(done));
  return { device, cam, ask };
}

describe('test ONVIF device', () => {
  it('records the PTZ commands it is sent and keeps its presets', async () => {
    const { device, cam, ask } = await driven();
    await ask((done) => cam.getCapabilities(done));
    const profileToken = 'Profile_1';
    await ask((done) => cam.continuousMove({ profileToken, x: 0.5, y: 0, zoom: 0 }, done));
    await ask((done) => cam.stop({ profileToken }, done));
    await ask((done) => cam.setPreset({ profileToken, presetName: 'Yard', presetToken: '2' }, done));
    await ask((done) => cam.gotoPreset({ profileToken, preset: '2' }, done));
    await ask((done) => cam.removePreset({ profileToken, presetToken: '1' }, done));
    await ask((done) => cam.gotoHomePosition({ profileToken }, done));
    expect(Object.keys((await ask((done) => cam.getPresets({ profileToken }, done))) as object)).toEqual([
      'Yard',
    ]);
    expect(device.ptzCommands).toEqual([
      { action: 'ContinuousMove', profileToken, presetToken: null, timeout: null },
      { action: 'Stop', profileToken, presetToken: null, timeout: null },
      { action: 'SetPreset', profileToken, presetToken: '2', timeout: null },
      { action: 'GotoPreset', profileToken, presetToken: '2', timeout: null },
      { action: 'RemovePreset', profileToken, presetToken: '1', timeout: null },
      { action: 'GotoHomePosition', profileToken, presetToken: null, timeout: null },
    ]);
  });

  it('refuses a request whose UsernameToken digest is not of its password', async () => {
    const { device, cam, ask } = await driven('wrong');
    await expect(ask((done) => cam.getDeviceInformation(done))).rejects.toThrow(/not Authorized/);
    expect(device.refused()).toBe(1);
  });
});
