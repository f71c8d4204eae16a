import { describe, expect, it } from 'vitest';
import { cameraName, importRows, messagesByDevice, profilesText, type FoundDevice } from './onvif-import';

const found = (n: number, change: Partial<FoundDevice> = {}): FoundDevice => ({
  address: `urn:uuid:${n}`,
  xaddr: `http://192.168.1.${n}/onvif/device_service`,
  xaddrs: [`http://192.168.1.${n}/onvif/device_service`],
  name: `门口-${n}`,
  hardware: 'DS-2CD',
  scopes: [],
  ...change,
});

describe('ONVIF import', () => {
  it('names a device by its name scope, else its hardware, else its host, within 64 characters', () => {
    expect(cameraName(found(1))).toBe('门口-1');
    expect(cameraName(found(2, { name: ' ' }))).toBe('DS-2CD');
    expect(cameraName(found(3, { name: '', hardware: '' }))).toBe('192.168.1.3');
    expect(cameraName(found(4, { name: 'x'.repeat(80) }))).toHaveLength(64);
  });

  it('makes one row per ticked device in the order found, with the credentials entered once', () => {
    const devices = [found(1), found(2), found(3)];
    const rows = importRows(devices, new Set(['urn:uuid:3', 'urn:uuid:1']), {
      username: 'admin',
      password: 'pw',
      area: ' 一号园区 ',
    });
    expect(rows).toEqual([
      { xaddr: devices[0]?.xaddr, username: 'admin', password: 'pw', name: '门口-1', area: '一号园区' },
      { xaddr: devices[2]?.xaddr, username: 'admin', password: 'pw', name: '门口-3', area: '一号园区' },
    ]);
    expect(
      importRows(devices, new Set(['urn:uuid:2']), { username: '', password: '', area: '' })[0],
    ).not.toHaveProperty('area');
  });

  it('puts each refused row’s messages beside the device it came from', () => {
    const devices = [found(1), found(2)];
    const rows = importRows(devices, new Set(['urn:uuid:1', 'urn:uuid:2']), {
      username: 'a',
      password: 'b',
      area: '',
    });
    const messages = messagesByDevice(
      {
        'devices.1.password': '设备拒绝了用户名或密码',
        'devices.1.code': '编码已存在',
        'devices.9.xaddr': 'x',
        other: 'y',
      },
      rows,
      devices,
    );
    expect([...messages]).toEqual([['urn:uuid:2', ['设备拒绝了用户名或密码', '编码已存在']]]);
  });

  it('tells a device’s profiles in one line', () => {
    const profile = (name: string, width: number, height: number) => ({
      token: name,
      name,
      encoding: 'H264',
      width,
      height,
      streamUri: '',
    });
    const device = {
      xaddr: '',
      manufacturer: '',
      model: '',
      firmwareVersion: '',
      serialNumber: '',
      hardwareId: '',
      profiles: [profile('main', 1920, 1080), profile('sub', 640, 360)],
    };
    expect(profilesText(device)).toBe('main 1920×1080 H264 · sub 640×360 H264');
  });
});
