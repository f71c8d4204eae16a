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
