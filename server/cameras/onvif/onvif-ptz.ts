import {
  connectOnvif,
  text,
  type DeviceReadOptions,
  type LibraryProfile,
  type OnvifConnection,
  type OnvifCredentials,
} from './onvif-device';
import { plainSoapValues } from './onvif-soap';

/** Velocities of a continuous move, each −1..1. */
export interface PtzVelocity {
  readonly pan: number;
  readonly tilt: number;
  readonly zoom: number;
}

export interface PtzPreset {
  readonly token: string;
  readonly name: string;
}

/** Why a device cannot be steered: it names no PTZ service, or no media profile to steer through. */
export class PtzUnavailable extends Error {
  override name = 'PtzUnavailable';
  constructor(readonly kind: 'no-ptz-service' | 'no-profile') {
    super(kind);
  }
}

/**
 * How long a continuous move lasts unless renewed (its ONVIF Timeout): the device stops by itself
 * then, so a stop lost with a closed tab or a dropped network never leaves a camera turning.
 */
export const ptzMoveSeconds = 5;

/** A device names a few presets (a few hundred at most): more are not answered. */
const presetsAnswered = 256;

/**
 * The library writes values into its SOAP requests as they are: a preset's name or token, and a
 * profile token a device answered, are escaped here so that none can change the request.
 */
function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A PTZ command on the device's profile, with the connection it runs on. */
type PtzCommand<T> = (connection: OnvifConnection, profileToken: string) => Promise<T>;

/**
 * Runs `command` on the device at `credentials.xaddr` (connectOnvif: the address checked and
 * pinned, every request and the whole exchange bounded), through the first media profile that
 * has a PTZ configuration (the first profile when none says so).
 */
async function withPtz<T>(
  credentials: OnvifCredentials,
  options: DeviceReadOptions,
  command: PtzCommand<T>,
): Promise<T> {
  const connection = await connectOnvif(credentials, options);
  const { cam, ask } = connection;
  if (!cam.uri?.ptz) throw new PtzUnavailable('no-ptz-service');
  const profiles = ((await ask((done) => cam.getProfiles(done))) ?? []) as LibraryProfile[];
  const profile = profiles.find((p) => p.PTZConfiguration !== undefined) ?? profiles[0];
  const token = text(profile?.$?.token);
  if (token === '') throw new PtzUnavailable('no-profile');
  return command(connection, escapeXml(token));
}

/** The onvif library's PTZ calls, each on the device's PTZ profile. */
export const onvifPtz = {
  move: (credentials: OnvifCredentials, options: DeviceReadOptions, velocity: PtzVelocity) =>
    withPtz(credentials, options, async ({ cam, ask }, profileToken) => {
      await ask((done) =>
        cam.continuousMove(
          {
            profileToken,
            x: velocity.pan,
            y: velocity.tilt,
            zoom: velocity.zoom,
            timeout: ptzMoveSeconds * 1000,
          },
          done,
        ),
      );
    }),

  stop: (credentials: OnvifCredentials, options: DeviceReadOptions) =>
    withPtz(credentials, options, async ({ cam, ask }, profileToken) => {
      await ask((done) => cam.stop({ profileToken, panTilt: true, zoom: true }, done));
    }),

  home: (credentials: OnvifCredentials, options: DeviceReadOptions) =>
    withPtz(credentials, options, async ({ cam, ask }, profileToken) => {
      await ask((done) => cam.gotoHomePosition({ profileToken }, done));
    }),

  presets: (credentials: OnvifCredentials, options: DeviceReadOptions) =>
    withPtz(credentials, options, async ({ cam, ask }, profileToken): Promise<PtzPreset[]> => {
      await ask((done) => cam.getPresets({ profileToken }, done));
      // The library keys its answer by name (a name given twice would hide one): read its presets by token.
      const byToken = (cam.presets ?? {}) as unknown as Record<string, { name?: unknown }>;
      return Object.entries(byToken)
        .slice(0, presetsAnswered)
        .map(([token, preset]) => ({ token, name: text(preset.name) }));
    }),

  goToPreset: (credentials: OnvifCredentials, options: DeviceReadOptions, presetToken: string) =>
    withPtz(credentials, options, async ({ cam, ask }, profileToken) => {
      await ask((done) => cam.gotoPreset({ profileToken, preset: escapeXml(presetToken) }, done));
    }),

  savePreset: (credentials: OnvifCredentials, options: DeviceReadOptions, name: string) =>
    withPtz(credentials, options, async ({ cam, ask }, profileToken): Promise<PtzPreset> => {
      const answer = await ask((done) => cam.setPreset({ profileToken, presetName: escapeXml(name) }, done));
      const saved = plainSoapValues(answer) as { setPresetResponse?: { presetToken?: unknown } } | null;
      return { token: text(saved?.setPresetResponse?.presetToken), name };
    }),

  removePreset: (credentials: OnvifCredentials, options: DeviceReadOptions, presetToken: string) =>
    withPtz(credentials, options, async ({ cam, ask }, profileToken) => {
      await ask((done) => cam.removePreset({ profileToken, presetToken: escapeXml(presetToken) }, done));
    }),
};
