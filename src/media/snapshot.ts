import { saveBlob } from '../api/download';

/** Characters no file system (Windows' included) takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const unsafeInFileName = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;
/** Windows drops a name's trailing dots and spaces; a leading dot hides a file elsewhere. */
const looseEnds = /^[\s.]+|[\s.]+$/g;
/** 60 characters of Chinese are 180 bytes in UTF-8, well under the usual 255-byte name limit. */
const longestName = 60;
const jpegQuality = 0.92;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A file of a camera's picture named by the camera and the local time it shows,
 * `东门入口-20261126-201530.jpg` (a pane's snapshot) or `.mp4` (an alert's clip), with what a file
 * system refuses or hides taken out of the name.
 */
export function cameraFileName(cameraName: string, at: Date, extension: 'jpg' | 'mp4' = 'jpg'): string {
  const safe = Array.from(cameraName.replace(unsafeInFileName, '').replace(looseEnds, ''))
    .slice(0, longestName)
    .join('')
    .replace(looseEnds, '');
  const day = `${at.getFullYear()}${twoDigits(at.getMonth() + 1)}${twoDigits(at.getDate())}`;
  const time = `${twoDigits(at.getHours())}${twoDigits(at.getMinutes())}${twoDigits(at.getSeconds())}`;
  return `${safe || (extension === 'jpg' ? 'snapshot' : 'clip')}-${day}-${time}.${extension}`;
}

/** Draws the video's current frame on `canvas` at the stream's own size (clears it when there is none). */
export function drawFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): void {
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  if (video.videoWidth > 0) canvas.getContext('2d')?.drawImage(video, 0, 0);
}

/**
 * Downloads the video's current frame as a JPEG at the stream's own resolution (not the pane's
 * size on screen), named by `cameraFileName`.
 */
export function downloadSnapshot(video: HTMLVideoElement, cameraName: string): void {
  if (video.videoWidth === 0) return;
  const at = new Date();
  const canvas = document.createElement('canvas');
  drawFrame(video, canvas);
  canvas.toBlob(
    (blob) => {
      if (blob) saveBlob(blob, cameraFileName(cameraName, at));
    },
    'image/jpeg',
    jpegQuality,
  );
}
