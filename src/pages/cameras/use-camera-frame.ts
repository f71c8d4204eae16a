import { useQuery } from '@tanstack/react-query';
import { apiPath, BusinessError, fetchFileBlob } from '../../api';
import { holdsObjectUrl } from '../../api/object-urls';
import type { Frame } from './RegionEditor';

type Grabbed = Extract<Frame, { kind: 'image' }>;

/** The frame's bytes as an image whose size is known (the region is drawn in its proportions). */
async function grabFrame(cameraId: number): Promise<Grabbed> {
  // The editor says itself why the frame is blank, so the failure is not toasted.
  const blob = await fetchFileBlob(apiPath('/cameras/{id}/snapshot', { id: cameraId }), {
    skipErrorHandler: true,
  });
  const url = URL.createObjectURL(blob);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return { kind: 'image', url, width: image.naturalWidth, height: image.naturalHeight };
}

const noteOf = (error: unknown) =>
  error instanceof BusinessError ? error.msg : error instanceof Error ? error.message : null;

/**
 * One frame of the camera's main stream, grabbed by the server each time the editor opens (and again
 * on `regrab`); when the stream cannot be reached, a blank frame with the server's reason.
 */
export function useCameraFrame(cameraId: number): { frame: Frame; regrab(): void } {
  const grab = useQuery({
    queryKey: ['/cameras/{id}/snapshot', cameraId],
    queryFn: () => grabFrame(cameraId),
    // A camera's view moves on: an editor opened again grabs a fresh frame, and the one it showed
    // is released as it closes.
    staleTime: 0,
    gcTime: 0,
    // A grab that failed waited for the stream already: the operator's regrab tries again.
    retry: false,
    meta: holdsObjectUrl,
  });
  const { refetch } = grab;
  const frame: Frame = grab.isFetching
    ? { kind: 'loading' }
    : grab.isError
      ? { kind: 'blank', note: noteOf(grab.error) }
      : (grab.data ?? { kind: 'loading' });
  return { frame, regrab: () => void refetch() };
}
