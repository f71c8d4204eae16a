import { randomUUID } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { networkInterfaces } from 'node:os';
import { readSoapBody } from './onvif-soap';

/** Where a WS-Discovery Probe goes: the multicast group and port of the standard; tests aim it at loopback. */
export interface DiscoveryTarget {
  readonly address: string;
  readonly port: number;
}

export const multicastDiscovery: DiscoveryTarget = { address: '239.255.255.250', port: 3702 };

/** At most this many devices are answered: a storm of replies cannot grow the answer without end. */
const devicesKept = 256;

export interface FoundDevice {
  readonly address: string;
  readonly xaddr: string;
  readonly xaddrs: string[];
  readonly name: string;
  readonly hardware: string;
  readonly scopes: string[];
}

/** The server's IPv4 interface addresses, loopback left out: where discovery may probe from. */
export function discoveryInterfaces(): { name: string; address: string }[] {
  return Object.entries(networkInterfaces()).flatMap(([name, addresses]) =>
    (addresses ?? [])
      .filter((found) => found.family === 'IPv4' && !found.internal)
      .map((found) => ({ name, address: found.address })),
  );
}

function probeMessage(messageId: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"' +
    ' xmlns:a="http://schemas.xmlsoap.org/ws/2004/08/addressing"' +
    ' xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery"' +
    ' xmlns:dn="http://www.onvif.org/ver10/network/wsdl">' +
    '<s:Header>' +
    `<a:MessageID>${messageId}</a:MessageID>` +
    '<a:To>urn:schemas-xmlsoap-org:ws:2005:04:discovery</a:To>' +
    '<a:Action>http://schemas.xmlsoap.org/ws/2005/04/discovery/Probe</a:Action>' +
    '</s:Header>' +
    '<s:Body><d:Probe><d:Types>dn:NetworkVideoTransmitter</d:Types></d:Probe></s:Body>' +
    '</s:Envelope>'
  );
}

const words = (value: unknown) => (typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : []);
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** The decoded value of a scope `onvif://www.onvif.org/<kind>/<value>`, or ''. */
function scopeValue(scopes: readonly string[], kind: string): string {
  const prefix = `onvif://www.onvif.org/${kind}/`;
  const found = scopes.find((scope) => scope.startsWith(prefix));
  if (found === undefined) return '';
  try {
    return decodeURIComponent(found.slice(prefix.length));
  } catch {
    return found.slice(prefix.length);
  }
}

/** The devices a ProbeMatches reply names; none when it is not one, or answers another probe. */
async function devicesOfReply(xml: string, messageId: string): Promise<FoundDevice[]> {
  // The reply's RelatesTo is in its header, which the body reading drops: the message id is
  // checked on the raw text instead, so a reply to someone else's probe is not taken for ours.
  if (!xml.includes(messageId)) return [];
  const body = await readSoapBody(xml).catch(() => null);
  const matches = (body?.probeMatches as { probeMatch?: unknown } | undefined)?.probeMatch;
  return list(matches).flatMap((match) => {
    const { endpointReference, XAddrs, scopes } = (match ?? {}) as Record<string, unknown>;
    const address = (endpointReference as { address?: unknown } | undefined)?.address;
    const xaddrs = words(XAddrs).filter((xaddr) => /^https?:\/\//i.test(xaddr));
    const [xaddr] = xaddrs;
    if (typeof address !== 'string' || xaddr === undefined) return [];
    const scopeList = words(scopes);
    return [
      {
        address,
        xaddr,
        xaddrs,
        name: scopeValue(scopeList, 'name'),
        hardware: scopeValue(scopeList, 'hardware'),
        scopes: scopeList,
      },
    ];
  });
}

export interface DiscoveryOptions {
  /** The interface address to probe from (one of discoveryInterfaces'); the system's choice when absent. */
  readonly interfaceAddress?: string;
  readonly seconds: number;
  readonly target: DiscoveryTarget;
}

/**
 * Sends one WS-Discovery Probe for network video transmitters and gathers the devices answering
 * within the time given, one per endpoint address, in the order they answered.
 */
export function discoverDevices(options: DiscoveryOptions): Promise<FoundDevice[]> {
  const messageId = `urn:uuid:${randomUUID()}`;
  const found = new Map<string, FoundDevice>();
  const reading: Promise<void>[] = [];
  const socket = createSocket({ type: 'udp4' });
  return new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (message) => {
      reading.push(
        devicesOfReply(message.toString('utf8'), messageId).then((devices) => {
          for (const device of devices)
            if (!found.has(device.address) && found.size < devicesKept) found.set(device.address, device);
        }),
      );
    });
    socket.bind(0, options.interfaceAddress, () => {
      if (options.interfaceAddress !== undefined) socket.setMulticastInterface(options.interfaceAddress);
      const probe = Buffer.from(probeMessage(messageId));
      socket.send(probe, options.target.port, options.target.address, (error) => {
        if (error) reject(error);
        else setTimeout(resolve, options.seconds * 1000);
      });
    });
  })
    .then(() => Promise.all(reading))
    .then(() => [...found.values()])
    .finally(() => {
      try {
        socket.close();
      } catch {
        // A socket that never bound is closed already.
      }
    });
}
