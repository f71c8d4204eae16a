import type { components } from '../../generated/openapi';

export type FoundDevice = components['schemas']['OnvifDeviceFound'];
export type DeviceRead = components['schemas']['OnvifDevice'];
export type ImportRow = components['schemas']['OnvifImportInput']['devices'][number];

/** What the operator enters once for every ticked device. */
export interface SharedEntry {
  readonly username: string;
  readonly password: string;
  readonly area: string;
}

/** A camera's name is at most this long (CameraInput.name). */
const nameLength = 64;

/** The name a found device gets as a camera: its name scope, else its hardware, else its host. */
export function cameraName(device: FoundDevice): string {
  const name = device.name.trim() || device.hardware.trim() || new URL(device.xaddr).host;
  return name.slice(0, nameLength);
}

/** The import's rows: the ticked devices in the order found, each with the shared entry. */
export function importRows(
  found: readonly FoundDevice[],
  ticked: ReadonlySet<string>,
  entry: SharedEntry,
): ImportRow[] {
  return found
    .filter((device) => ticked.has(device.address))
    .map((device) => ({
      xaddr: device.xaddr,
      username: entry.username,
      password: entry.password,
      name: cameraName(device),
      ...(entry.area.trim() !== '' && { area: entry.area.trim() }),
    }));
}

/**
 * A refused import's messages (`devices.2.code` → text) by the endpoint address of the device each
 * row came from, so the table shows each beside its device; a message naming no row is left out.
 */
export function messagesByDevice(
  fieldErrors: Readonly<Record<string, string>>,
  rows: readonly ImportRow[],
  found: readonly FoundDevice[],
): Map<string, string[]> {
  const byXaddr = new Map(found.map((device) => [device.xaddr, device.address]));
  const messages = new Map<string, string[]>();
  for (const [field, text] of Object.entries(fieldErrors)) {
    const index = /^devices\.(\d+)(?:\.|$)/.exec(field)?.[1];
    const row = index === undefined ? undefined : rows[Number(index)];
    const address = row && byXaddr.get(row.xaddr);
    if (address === undefined) continue;
    messages.set(address, [...(messages.get(address) ?? []), text]);
  }
  return messages;
}

/** A device's profiles in one line: `mainStream 1920×1080 H264 · subStream 640×360 H264`. */
export function profilesText(device: DeviceRead): string {
  return device.profiles
    .map((profile) => `${profile.name} ${profile.width}×${profile.height} ${profile.encoding}`.trim())
    .join(' · ');
}
