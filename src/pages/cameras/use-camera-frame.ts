import { useEffect, useState } from 'react';
import { apiPath, BusinessError, fetchFileBlob } from '../../api';
import type { Frame } from './RegionEditor';

type Grabbed = Exclude<Frame, { kind: 'loading' }>;

/**
 * One frame of the camera's main stream, grabbed by the server when the editor opens (and again
 * on `regrab`); when the stream cannot be reached, a blank frame with the server's reason.
 */
export function useCameraFrame(cameraId: number): { frame: Frame; regrab(): void } {
  const [attempt, setAttempt] = useState(0);
  const [grabbed, setGrabbed] = useState<{ attempt: number; frame: Grabbed } | null>(null);
  useEffect(() => {
    let current = true;
    let url: string | null = null;
    // The editor says itself why the frame is blank, so the failure is not toasted.
    fetchFileBlob(apiPath('/cameras/{id}/snapshot', { id: cameraId }), { skipErrorHandler: true })
      .then(async (blob) => {
        url = URL.createObjectURL(blob);
        const image = new Image();
        image.src = url;
        await image.decode();
        const frame = { kind: 'image', url, width: image.naturalWidth, height: image.naturalHeight } as const;
        if (current) setGrabbed({ attempt, frame });
      })
      .catch((error: unknown) => {
        const note =
          error instanceof BusinessError ? error.msg : error instanceof Error ? error.message : null;
        if (current) setGrabbed({ attempt, frame: { kind: 'blank', note } });
      });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [cameraId, attempt]);
  return {
    frame: grabbed?.attempt === attempt ? grabbed.frame : { kind: 'loading' },
    regrab: () => setAttempt((count) => count + 1),
  };
}
