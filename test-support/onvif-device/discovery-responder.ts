import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { escapeXml } from './soap-answers';
import { elementText } from './username-token';

/** What a device tells a WS-Discovery Probe: its endpoint, service address and scopes. */
export interface DiscoverableDevice {
  readonly endpoint: string;
  readonly xaddr: string;
  readonly name: string;
  readonly hardware: string;
}

export interface TestDiscoveryResponder {
  /** Where a Probe must be sent: 127.0.0.1 and the port chosen. */
  readonly address: string;
  readonly port: number;
  /** How many Probes arrived. */
  readonly probes: () => number;
  close(): Promise<void>;
}

function probeMatches(relatesTo: string, device: DiscoverableDevice): string {
  const scopes = [
    'onvif://www.onvif.org/type/video_encoder',
    'onvif://www.onvif.org/Profile/Streaming',
    `onvif://www.onvif.org/name/${encodeURIComponent(device.name)}`,
    `onvif://www.onvif.org/hardware/${encodeURIComponent(device.hardware)}`,
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"' +
    ' xmlns:a="http://schemas.xmlsoap.org/ws/2004/08/addressing"' +
    ' xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery" xmlns:dn="http://www.onvif.org/ver10/network/wsdl">' +
    `<s:Header><a:MessageID>urn:uuid:${randomUUID()}</a:MessageID><a:RelatesTo>${escapeXml(relatesTo)}</a:RelatesTo>` +
    '<a:To>http://schemas.xmlsoap.org/ws/2004/08/addressing/role/anonymous</a:To>' +
    '<a:Action>http://schemas.xmlsoap.org/ws/2005/04/discovery/ProbeMatches</a:Action></s:Header>' +
    '<s:Body><d:ProbeMatches><d:ProbeMatch>' +
    `<a:EndpointReference><a:Address>${escapeXml(device.endpoint)}</a:Address></a:EndpointReference>` +
    '<d:Types>dn:NetworkVideoTransmitter</d:Types>' +
    `<d:Scopes>${scopes.map(escapeXml).join(' ')}</d:Scopes>` +
    `<d:XAddrs>${escapeXml(device.xaddr)}</d:XAddrs><d:MetadataVersion>1</d:MetadataVersion>` +
    '</d:ProbeMatch></d:ProbeMatches></s:Body></s:Envelope>'
  );
}

/**
 * A WS-Discovery responder on 127.0.0.1 (on `port`, where a server started earlier probes, else a
 * port of the system's choosing): each Probe sent to it is answered, unicast to its sender, with
 * one ProbeMatches per device, as devices on a LAN answer the multicast Probe.
 */
export async function startDiscoveryResponder(
  devices: readonly DiscoverableDevice[],
  options: { readonly strayFirst?: boolean; readonly port?: number } = {},
): Promise<TestDiscoveryResponder> {
  const socket = createSocket('udp4');
  let probes = 0;
  socket.on('message', (message, sender) => {
    const xml = message.toString('utf8');
    const messageId = elementText(xml, 'MessageID');
    if (!xml.includes('Probe>') || messageId === null) return;
    probes += 1;
    // What else a LAN carries to the prober's port: a datagram that is no SOAP, and another
    // device's answer to another prober.
    if (options.strayFirst) {
      socket.send('<not-soap/>', sender.port, sender.address);
      const other = { ...devices[0], endpoint: `urn:uuid:${randomUUID()}` } as DiscoverableDevice;
      socket.send(probeMatches(`urn:uuid:${randomUUID()}`, other), sender.port, sender.address);
    }
    for (const device of devices) socket.send(probeMatches(messageId, device), sender.port, sender.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port ?? 0, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    address: '127.0.0.1',
    port: (socket.address() as AddressInfo).port,
    probes: () => probes,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

/** A UDP port on 127.0.0.1 free a moment ago: a server is told to probe it before the responder binds it. */
export async function freeLoopbackUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}
