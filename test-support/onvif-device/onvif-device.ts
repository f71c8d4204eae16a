import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  capabilities,
  deviceInformation,
  emptyResponse,
  notAuthorized,
  notSupported,
  presets,
  profiles,
  services,
  setPreset,
  streamUri,
  systemDateAndTime,
  type DeviceInformation,
  type TestProfile,
} from './soap-answers';
import { elementText, usernameTokenValid } from './username-token';

/** A PTZ command the device received, as tests read it back. */
export interface PtzCommand {
  readonly action: string;
  readonly profileToken: string | null;
  readonly presetToken: string | null;
  /** A continuous move's ONVIF Timeout (PT5S), after which the device stops by itself. */
  readonly timeout: string | null;
}

export interface TestOnvifDeviceOptions {
  readonly username: string;
  readonly password: string;
  /** The stream addresses GetStreamUri answers for the main and the sub profile. */
  readonly streams: { readonly main: string; readonly sub: string };
  readonly info?: Partial<DeviceInformation>;
}

export interface TestOnvifDevice {
  /** The device service address, http://127.0.0.1:<port>/onvif/device_service. */
  readonly xaddr: string;
  /** The endpoint address discovery answers, urn:uuid:…. */
  readonly endpoint: string;
  readonly info: DeviceInformation;
  /** Every PTZ command received with valid credentials, oldest first. */
  readonly ptzCommands: PtzCommand[];
  /** The action of every request received, oldest first. */
  readonly requests: string[];
  /** How many requests were refused for their credentials. */
  readonly refused: () => number;
  close(): Promise<void>;
}

const ptzMoves = new Set(['ContinuousMove', 'Stop', 'GotoPreset', 'RemovePreset', 'GotoHomePosition']);

/** The action a SOAP request asks for: the first element of its Body. */
function actionOf(xml: string): string | null {
  return /<(?:[\w-]+:)?Body\b[^>]*>\s*<(?:[\w-]+:)?(\w+)/.exec(xml)?.[1] ?? null;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A test ONVIF device on 127.0.0.1: device, media and PTZ services over SOAP 1.2, every request
 * but GetSystemDateAndTime checked for a WS-Security UsernameToken digest of its credentials, a
 * main (1920×1080) and a sub (640×360) profile, and PTZ commands recorded.
 */
export async function startTestOnvifDevice(options: TestOnvifDeviceOptions): Promise<TestOnvifDevice> {
  const info: DeviceInformation = {
    manufacturer: 'Hikvision',
    model: 'DS-2CD2T47G2-L',
    firmwareVersion: 'V5.7.3',
    serialNumber: `SN${randomUUID().slice(0, 8)}`,
    hardwareId: '88',
    ...options.info,
  };
  const profileList: TestProfile[] = [
    { token: 'Profile_1', name: 'mainStream', width: 1920, height: 1080, streamUrl: options.streams.main },
    { token: 'Profile_2', name: 'subStream', width: 640, height: 360, streamUrl: options.streams.sub },
  ];
  const presetNames = new Map<string, string>([['1', 'Gate']]);
  const ptzCommands: PtzCommand[] = [];
  const requests: string[] = [];
  let refused = 0;
  let base = '';

  const answer = (action: string, xml: string): string => {
    switch (action) {
      case 'GetCapabilities':
        return capabilities(base);
      case 'GetServices':
        return services(base);
      case 'GetDeviceInformation':
        return deviceInformation(info);
      case 'GetProfiles':
        return profiles(profileList);
      case 'GetStreamUri': {
        const token = elementText(xml, 'ProfileToken');
        const profile = profileList.find((p) => p.token === token);
        return profile ? streamUri(profile.streamUrl) : notSupported(`profile ${token ?? ''}`);
      }
      case 'GetPresets':
        return presets(presetNames);
      case 'SetPreset': {
        const token = elementText(xml, 'PresetToken') ?? String(presetNames.size + 1);
        presetNames.set(token, elementText(xml, 'PresetName') ?? token);
        ptzCommands.push({
          action,
          profileToken: elementText(xml, 'ProfileToken'),
          presetToken: token,
          timeout: null,
        });
        return setPreset(token);
      }
      default:
        if (!ptzMoves.has(action)) return notSupported(action);
        if (action === 'RemovePreset') presetNames.delete(elementText(xml, 'PresetToken') ?? '');
        ptzCommands.push({
          action,
          profileToken: elementText(xml, 'ProfileToken'),
          presetToken: elementText(xml, 'PresetToken'),
          timeout: elementText(xml, 'Timeout'),
        });
        return emptyResponse('tptz', action);
    }
  };

  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    const xml = await readBody(request);
    const action = actionOf(xml);
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' });
      response.end(body);
    };
    if (request.method !== 'POST' || action === null)
      return send(400, notSupported('a request without a body'));
    requests.push(action);
    if (action === 'GetSystemDateAndTime') return send(200, systemDateAndTime(new Date()));
    if (!usernameTokenValid(xml, options.username, options.password)) {
      refused += 1;
      return send(400, notAuthorized);
    }
    const body = answer(action, xml);
    send(body.includes('<s:Fault>') ? 400 : 200, body);
  };

  const server = createServer((request, response) => {
    serve(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    xaddr: `${base}/onvif/device_service`,
    endpoint: `urn:uuid:${randomUUID()}`,
    info,
    ptzCommands,
    requests,
    refused: () => refused,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
