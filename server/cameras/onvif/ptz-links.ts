import { createHash } from 'node:crypto';
import {
  askerUntil,
  connectOnvif,
  text,
  type DeviceReadOptions,
  type LibraryProfile,
  type OnvifConnection,
  type OnvifCredentials,
} from './onvif-device';

/** Why a device cannot be steered: it names no PTZ service, or no media profile to steer through. */
export class PtzUnavailable extends Error {
  override name = 'PtzUnavailable';
  constructor(readonly kind: 'no-ptz-service' | 'no-profile') {
    super(kind);
  }
}

/**
 * The library writes values into its SOAP requests as they are: a preset's name or token, and a
 * profile token a device answered, are escaped here so that none can change the request.
 */
export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A PTZ command on the device's profile, with the connection it runs on. */
export type PtzCommand<T> = (connection: OnvifConnection, profileToken: string) => Promise<T>;

/** A device ready to be steered: its client, and the (escaped) token of the profile steered through. */
interface PtzLink {
  readonly connection: OnvifConnection;
  readonly profileToken: string;
}

/**
 * Runs PTZ commands on devices, keeping each device's connection between them. A held control sends
 * a move, its renewals and a stop within seconds, and a fresh connection costs three requests before
 * the command (the device's clock, its capabilities, its profiles); kept, each command is one.
 */
export interface PtzLinks {
  run<T>(credentials: OnvifCredentials, options: DeviceReadOptions, command: PtzCommand<T>): Promise<T>;
}

export interface PtzLinkOptions {
  /** A connection unused this long is opened afresh: the device may have restarted or been replaced. */
  readonly idleMs: number;
  /** Devices kept at most; the one unused longest goes first. */
  readonly kept: number;
  readonly now: () => number;
}

export const defaultPtzLinkOptions: PtzLinkOptions = { idleMs: 60_000, kept: 64, now: () => Date.now() };

/**
 * Opens a device for steering (connectOnvif: the address checked and pinned) through the first media
 * profile that has a PTZ configuration (the first profile when none says so).
 */
async function openLink(credentials: OnvifCredentials, options: DeviceReadOptions): Promise<PtzLink> {
  const connection = await connectOnvif(credentials, options);
  const { cam, ask } = connection;
  if (!cam.uri?.ptz) throw new PtzUnavailable('no-ptz-service');
  const profiles = ((await ask((done) => cam.getProfiles(done))) ?? []) as LibraryProfile[];
  const profile = profiles.find((p) => p.PTZConfiguration !== undefined) ?? profiles[0];
  const token = text(profile?.$?.token);
  if (token === '') throw new PtzUnavailable('no-profile');
  return { connection, profileToken: escapeXml(token) };
}

/** The same device reached the same way: changed credentials or address open another link. */
function linkKey({ xaddr, username, password }: OnvifCredentials): string {
  return createHash('sha256')
    .update(JSON.stringify([xaddr, username, password]))
    .digest('hex');
}

export function createPtzLinks(settings: PtzLinkOptions = defaultPtzLinkOptions): PtzLinks {
  const links = new Map<string, { opening: Promise<PtzLink>; usedAt: number }>();

  const linkFor = (credentials: OnvifCredentials, options: DeviceReadOptions) => {
    const key = linkKey(credentials);
    const now = settings.now();
    const held = links.get(key);
    // Re-inserted on every use, so that the map's first entry is always the one unused longest.
    links.delete(key);
    const opening =
      held && now - held.usedAt < settings.idleMs ? held.opening : openLink(credentials, options);
    links.set(key, { opening, usedAt: now });
    while (links.size > settings.kept) links.delete(links.keys().next().value as string);
    return { key, opening };
  };

  return {
    async run(credentials, options, command) {
      const { key, opening } = linkFor(credentials, options);
      try {
        const { connection, profileToken } = await opening;
        // Each command has its own deadline; the one the link was opened under has long passed.
        const ask = askerUntil(AbortSignal.timeout(options.readTimeoutMs));
        return await command({ ...connection, ask }, profileToken);
      } catch (error) {
        // A failed device is opened afresh next time (it may have restarted with another clock).
        if (links.get(key)?.opening === opening) links.delete(key);
        throw error;
      }
    },
  };
}
