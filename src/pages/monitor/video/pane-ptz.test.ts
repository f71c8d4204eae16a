import { describe, expect, it } from 'vitest';
import { accessFromPermissions } from '../../../session/access';
import { paneCanSteer } from './pane-ptz';

const holding = (...codes: string[]) => accessFromPermissions(codes.map((code) => ({ code })));

describe("the pane's PTZ pad", () => {
  const videoOperator = holding('KEY.CENTER', 'KEY.CENTER.VIDEO', 'KEY.DEVICE.CAMERA.PTZ');

  it('is offered to a holder of the PTZ key, without the camera screen’s, on a steerable camera', () => {
    expect(videoOperator['KEY.DEVICE.CAMERA']).toBe(false);
    expect(paneCanSteer(videoOperator, { ptz: true })).toBe(true);
  });

  it('is not offered without the PTZ key, even with every camera key beside', () => {
    const cameraAdmin = holding('KEY.CENTER', 'KEY.CENTER.VIDEO', 'KEY.DEVICE', 'KEY.DEVICE.CAMERA');
    expect(paneCanSteer(cameraAdmin, { ptz: true })).toBe(false);
  });

  it('is not offered on a camera without an ONVIF address, nor on one the list does not know', () => {
    expect(paneCanSteer(videoOperator, { ptz: false })).toBe(false);
    expect(paneCanSteer(videoOperator, undefined)).toBe(false);
  });
});
