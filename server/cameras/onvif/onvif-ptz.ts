import { text } from './onvif-device';
import { plainSoapValues } from './onvif-soap';
import { escapeXml, type PtzCommand } from './ptz-links';

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

/**
 * How long a continuous move lasts unless renewed (its ONVIF Timeout): the device stops by itself
 * then, so a stop lost with a closed tab or a dropped network never leaves a camera turning.
 */
export const ptzMoveSeconds = 5;

/** A device names a few presets (a few hundred at most): more are not answered. */
const presetsAnswered = 256;

/** Runs a command on one device's PTZ profile (PtzLinks.run with the device's credentials). */
export type Steer = <T>(command: PtzCommand<T>) => Promise<T>;

/** The onvif library's PTZ calls, each on the device's PTZ profile. */
export const onvifPtz = {
  move: (steer: Steer, velocity: PtzVelocity) =>
    steer(async ({ cam, ask }, profileToken) => {
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

  stop: (steer: Steer) =>
    steer(async ({ cam, ask }, profileToken) => {
      await ask((done) => cam.stop({ profileToken, panTilt: true, zoom: true }, done));
    }),

  home: (steer: Steer) =>
    steer(async ({ cam, ask }, profileToken) => {
      await ask((done) => cam.gotoHomePosition({ profileToken }, done));
    }),

  presets: (steer: Steer) =>
    steer(async ({ cam, ask }, profileToken): Promise<PtzPreset[]> => {
      await ask((done) => cam.getPresets({ profileToken }, done));
      // The library keys its answer by name (a name given twice would hide one): read its presets by token.
      const byToken = (cam.presets ?? {}) as unknown as Record<string, { name?: unknown }>;
      return Object.entries(byToken)
        .slice(0, presetsAnswered)
        .map(([token, preset]) => ({ token, name: text(preset.name) }));
    }),

  goToPreset: (steer: Steer, presetToken: string) =>
    steer(async ({ cam, ask }, profileToken) => {
      await ask((done) => cam.gotoPreset({ profileToken, preset: escapeXml(presetToken) }, done));
    }),

  savePreset: (steer: Steer, name: string) =>
    steer(async ({ cam, ask }, profileToken): Promise<PtzPreset> => {
      const answer = await ask((done) => cam.setPreset({ profileToken, presetName: escapeXml(name) }, done));
      const saved = plainSoapValues(answer) as { setPresetResponse?: { presetToken?: unknown } } | null;
      return { token: text(saved?.setPresetResponse?.presetToken), name };
    }),

  removePreset: (steer: Steer, presetToken: string) =>
    steer(async ({ cam, ask }, profileToken) => {
      await ask((done) => cam.removePreset({ profileToken, presetToken: escapeXml(presetToken) }, done));
    }),
};
