import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Duplex } from 'node:stream';
import { Cam } from 'onvif';
import type { StreamAddressPolicy } from '../../streams/stream-address';
import { checkedAddress, StreamAddressError } from '../../streams/stream-address';

export interface OnvifCredentials {
  readonly xaddr: string;
  readonly username: string;
  readonly password: string;
}

export interface OnvifProfile {
  readonly token: string;
  readonly name: string;
  readonly encoding: string;
  readonly width: number;
  readonly height: number;
  /** As the device gives it: the caller masks a password in it before answering. */
  readonly streamUri: string;
}

export interface OnvifDeviceRead {
  readonly xaddr: string;
  /** The checked address every request went to (an IP address). */
  readonly address: string;
  readonly port: number;
  readonly manufacturer: string;
  readonly model: string;
  readonly firmwareVersion: string;
  readonly serialNumber: string;
  readonly hardwareId: string;
  readonly profiles: OnvifProfile[];
}

export interface DeviceReadOptions {
  readonly policy: StreamAddressPolicy;
  /** Each request's time-out, connecting included. */
  readonly requestTimeoutMs: number;
  /** The whole reading's bound: a request's time-out restarts with every byte a slow device drips. */
  readonly readTimeoutMs: number;
}

/**
 * Why an xaddr is refused before any request: not a URL (`http://[zz]/`), an address the policy
 * refuses, or a name that does not resolve.
 */
export class XaddrRefused extends Error {
  override name = 'XaddrRefused';
  constructor(readonly kind: 'not-a-url' | 'refused-address' | 'unresolved') {
    super(kind);
  }
}

/**
 * What one connection to a device may bring: the library reads a whole answer into memory, and a
 * camera's largest (GetProfiles) is tens of kilobytes.
 */
const answerBytes = 2 * 1024 * 1024;

/** Ends a connection once it has brought more than `answerBytes`. */
function capped(socket: Duplex): Duplex {
  let received = 0;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > answerBytes) socket.destroy(new Error('answer too large'));
  });
  return socket;
}

class CappedHttpAgent extends HttpAgent {
  override createConnection(...args: Parameters<HttpAgent['createConnection']>) {
    return capped(super.createConnection(...args) as Duplex) as ReturnType<HttpAgent['createConnection']>;
  }
}

class CappedHttpsAgent extends HttpsAgent {
  override createConnection(...args: Parameters<HttpsAgent['createConnection']>) {
    return capped(super.createConnection(...args) as Duplex) as ReturnType<HttpsAgent['createConnection']>;
  }
}

/** A camera has a handful of profiles: a device naming more is read for its first ones only. */
const profilesRead = 16;

type Callback<T> = (error: Error | null, value?: T) => void;

/** The library's callback calls as promises, each given up, as a time-out, once `deadline` passes. */
export function askerUntil(deadline: AbortSignal) {
  return <T>(call: (callback: Callback<T>) => void): Promise<T | undefined> =>
    new Promise((resolve, reject) => {
      const timedOut = () => reject(new Error('Network timeout'));
      if (deadline.aborted) return timedOut();
      deadline.addEventListener('abort', timedOut, { once: true });
      call((error, value) => {
        deadline.removeEventListener('abort', timedOut);
        if (error) reject(error);
        else resolve(value);
      });
    });
}

export const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const whole = (value: unknown) => (Number.isFinite(Number(value)) ? Math.trunc(Number(value)) : 0);

export interface LibraryProfile {
  $?: { token?: string };
  name?: unknown;
  videoEncoderConfiguration?: { encoding?: unknown; resolution?: { width?: unknown; height?: unknown } };
  PTZConfiguration?: unknown;
}

/** A device reached at its checked address: the library's client and how to ask it, within the deadline. */
export interface OnvifConnection {
  readonly cam: Cam;
  /** The checked address every request goes to (an IP address). */
  readonly address: string;
  readonly port: number;
  readonly ask: ReturnType<typeof askerUntil>;
}

/**
 * Opens a device's client: the xaddr's host is checked as a camera stream's and pinned, so every
 * request goes to that address and port, whatever service addresses the device names; the
 * device's clock is read first (WS-Security digests carry the device's time), then its
 * capabilities (its services' paths).
 */
export async function connectOnvif(
  credentials: OnvifCredentials,
  options: DeviceReadOptions,
): Promise<OnvifConnection> {
  if (!URL.canParse(credentials.xaddr)) throw new XaddrRefused('not-a-url');
  const url = new URL(credentials.xaddr);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  let address: string;
  try {
    ({ address } = await checkedAddress(url.host.replace(/:\d+$/, ''), options.policy));
  } catch (error) {
    if (error instanceof StreamAddressError) throw new XaddrRefused(error.kind);
    throw error;
  }
  const cam = new Cam({
    hostname: address,
    port,
    path: `${url.pathname}${url.search}`,
    username: credentials.username,
    password: credentials.password,
    timeout: options.requestTimeoutMs,
    autoconnect: false,
    preserveAddress: true,
    useSecure: url.protocol === 'https:',
    agent: url.protocol === 'https:' ? new CappedHttpsAgent() : new CappedHttpAgent(),
  });
  // The library cannot cancel a request: past the deadline its answer is left unread, and no further one is sent.
  const ask = askerUntil(AbortSignal.timeout(options.readTimeoutMs));
  await ask((done) => cam.getSystemDateAndTime(done));
  await ask((done) => cam.getCapabilities(done));
  return { cam, address, port, ask };
}

/** Reads a device's information and profiles, and each profile's RTSP address (see connectOnvif). */
export async function readOnvifDevice(
  credentials: OnvifCredentials,
  options: DeviceReadOptions,
): Promise<OnvifDeviceRead> {
  const { cam, address, port, ask } = await connectOnvif(credentials, options);
  const information = ((await ask((done) => cam.getDeviceInformation(done))) ?? {}) as Record<
    string,
    unknown
  >;
  const libraryProfiles = ((await ask((done) => cam.getProfiles(done))) ?? []) as LibraryProfile[];
  const profiles: OnvifProfile[] = [];
  for (const profile of libraryProfiles.slice(0, profilesRead)) {
    const token = text(profile.$?.token);
    const stream = await ask<{ uri: string }>((done) =>
      cam.getStreamUri({ protocol: 'RTSP', profileToken: token }, done),
    );
    const encoder = profile.videoEncoderConfiguration;
    profiles.push({
      token,
      name: text(profile.name),
      encoding: text(encoder?.encoding),
      width: whole(encoder?.resolution?.width),
      height: whole(encoder?.resolution?.height),
      streamUri: text(stream?.uri),
    });
  }
  return {
    xaddr: credentials.xaddr,
    address,
    port,
    manufacturer: text(information.manufacturer),
    model: text(information.model),
    firmwareVersion: text(information.firmwareVersion),
    serialNumber: text(information.serialNumber),
    hardwareId: text(information.hardwareId),
    profiles,
  };
}
