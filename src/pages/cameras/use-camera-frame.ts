import { useEffect, useState } from 'react';
import { api, BusinessError, callForBlob } from '../../api';
import type { Frame } from './RegionEditor';

/**
 * One frame of the camera's main stream, grabbed by the server when the editor opens (and again
 * on `regrab`); when the stream cannot be reached, a blank frame with the server's reason.
 */
export function useCameraFrame(cameraId: number): { frame: Frame; regrab(): void } {
  const [attempt, setAttempt] = useState(0);
  const [frame, setFrame] = useState<Frame>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    let url: string | null = null;
    setFrame({ kind: 'loading' });
    // The editor says itself why the frame is blank, so the failure is not toasted.
    callForBlob(api.GET('/cameras/{id}/snapshot', { params: { path: { id: cameraId } }, parseAs: 'blob' }), {
      skipErrorHandler: true,
    })
      .then(async (blob) => {
        url = URL.createObjectURL(blob);
        const image = new Image();
        image.src = url;
        await image.decode();
        if (current) setFrame({ kind: 'image', url, width: image.naturalWidth, height: image.naturalHeight });
      })
      .catch((error: unknown) => {
        const note =
          error instanceof BusinessError ? error.msg : error instanceof Error ? error.message : null;
        if (current) setFrame({ kind: 'blank', note });
      });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [cameraId, attempt]);
  return { frame, regrab: () => setAttempt((count) => count + 1) };
}
