const packetBytes = 188;

/**
 * The stream types an MPEG-TS buffer's program map table lists (each track's codec: 0x1b H.264,
 * 0x24 HEVC, 0x10 MPEG-4 Part 2...), or null when the buffer holds none. Reads the first program
 * of the first program association table, as a segment written by ffmpeg starts with both.
 */
export function tsStreamTypes(ts: Buffer): number[] | null {
  let pmtPid = -1;
  for (let at = 0; at + packetBytes <= ts.length; at += packetBytes) {
    if (ts[at] !== 0x47) return null;
    const pid = ((ts[at + 1] as number) & 0x1f) * 256 + (ts[at + 2] as number);
    // The payload unit start's pointer field says where the section begins.
    const start = at + 5 + (ts[at + 4] as number);
    if (pid === 0 && pmtPid < 0) {
      pmtPid = ((ts[start + 10] as number) & 0x1f) * 256 + (ts[start + 11] as number);
    } else if (pid === pmtPid) {
      const sectionEnd =
        start + 3 + (((ts[start + 1] as number) & 0x0f) * 256 + (ts[start + 2] as number)) - 4;
      const infoLength = ((ts[start + 10] as number) & 0x0f) * 256 + (ts[start + 11] as number);
      const types: number[] = [];
      for (let entry = start + 12 + infoLength; entry < Math.min(sectionEnd, at + packetBytes);) {
        types.push(ts[entry] as number);
        entry += 5 + ((ts[entry + 3] as number) & 0x0f) * 256 + (ts[entry + 4] as number);
      }
      return types;
    }
  }
  return null;
}

/** MPEG-TS's stream type of H.264 video. */
export const h264StreamType = 0x1b;

/**
 * Whether an MPEG-TS segment's video starts with a key frame (a player can start decoding there):
 * its first packet starting a video PES carries the random access indicator, which ffmpeg sets on
 * key frames. Tables (PIDs below 0x20, and the program map) are skipped: the segment has no other
 * elementary stream than its one video track.
 */
export function tsStartsAtKeyFrame(ts: Buffer): boolean {
  let pmtPid = -1;
  for (let at = 0; at + packetBytes <= ts.length; at += packetBytes) {
    if (ts[at] !== 0x47) return false;
    const pid = ((ts[at + 1] as number) & 0x1f) * 256 + (ts[at + 2] as number);
    const unitStart = ((ts[at + 1] as number) & 0x40) !== 0;
    if (pid === 0 && pmtPid < 0) {
      const start = at + 5 + (ts[at + 4] as number);
      pmtPid = ((ts[start + 10] as number) & 0x1f) * 256 + (ts[start + 11] as number);
    } else if (unitStart && pid >= 0x20 && pid !== pmtPid) {
      const hasAdaptation = ((ts[at + 3] as number) & 0x20) !== 0;
      return hasAdaptation && (ts[at + 4] as number) > 0 && ((ts[at + 5] as number) & 0x40) !== 0;
    }
  }
  return false;
}
