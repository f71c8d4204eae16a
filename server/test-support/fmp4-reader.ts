/**
 * Reading fragmented MP4 (ISO BMFF) back as a player does: a box's children, whether a fragment
 * starts at a key frame, and the codec string Media Source Extensions ask for. The tests of what
 * the live relay sends read it with these.
 */

/** The child boxes of the box at [start, end) (its header skipped by the caller): type and range. */
export function* children(box: Buffer, start: number, end: number): Generator<[string, number, number]> {
  let at = start;
  while (at + 8 <= end) {
    const size = box.readUInt32BE(at);
    if (size < 8 || at + size > end) return;
    yield [box.toString('latin1', at + 4, at + 8), at, at + size];
    at += size;
  }
}

export const firstChild = (box: Buffer, start: number, end: number, type: string) => {
  for (const child of children(box, start, end)) if (child[0] === type) return child;
  return null;
};

/** sample_is_non_sync_sample in the sample flags of ISO/IEC 14496-12 §8.8.3.1. */
const nonSyncSample = 0x10000;

/**
 * Whether a fragment (its `moof`) begins with a key frame, from its first sample's flags: the
 * track run's first-sample flags, else its first sample's own, else the fragment header's default.
 * A fragment that says nothing is taken as no key frame (a player could not start there).
 */
export function startsWithKeyFrame(moof: Buffer): boolean {
  const traf = firstChild(moof, 8, moof.length, 'traf');
  if (!traf) return false;
  const tfhd = firstChild(moof, traf[1] + 8, traf[2], 'tfhd');
  const trun = firstChild(moof, traf[1] + 8, traf[2], 'trun');
  if (!tfhd || !trun) return false;
  const flags = firstSampleFlags(moof, tfhd[1], trun[1]);
  return flags !== null && (flags & nonSyncSample) === 0;
}

function firstSampleFlags(moof: Buffer, tfhd: number, trun: number): number | null {
  const runFlags = moof.readUInt32BE(trun + 8) & 0xffffff;
  let at = trun + 16 + (runFlags & 0x1 ? 4 : 0);
  if (runFlags & 0x4) return moof.readUInt32BE(at);
  if (runFlags & 0x400 && moof.readUInt32BE(trun + 12) > 0) {
    at += (runFlags & 0x100 ? 4 : 0) + (runFlags & 0x200 ? 4 : 0);
    return moof.readUInt32BE(at);
  }
  const headerFlags = moof.readUInt32BE(tfhd + 8) & 0xffffff;
  if (!(headerFlags & 0x20)) return null;
  // track_ID, then the optional fields before default_sample_flags, in their order.
  const offset =
    16 + (headerFlags & 0x1 ? 8 : 0) + [0x2, 0x8, 0x10].filter((bit) => headerFlags & bit).length * 4;
  return moof.readUInt32BE(tfhd + offset);
}

const hex = (byte: number) => byte.toString(16).padStart(2, '0');

/**
 * The RFC 6381 codec of an H.264 track (`avc1.PPCCLL`, from its `avcC` profile, constraints and
 * level), or null when the init segment carries no H.264 track.
 */
export function h264Codec(moov: Buffer): string | null {
  for (const entry of ['avc1', 'avc3']) {
    const sampleEntry = moov.indexOf(entry, 8, 'latin1');
    if (sampleEntry < 0) continue;
    const avcC = moov.indexOf('avcC', sampleEntry, 'latin1');
    if (avcC < 0 || avcC + 8 > moov.length) return null;
    // configurationVersion, then AVCProfileIndication, profile_compatibility, AVCLevelIndication.
    return `avc1.${hex(moov[avcC + 5] as number)}${hex(moov[avcC + 6] as number)}${hex(moov[avcC + 7] as number)}`;
  }
  return null;
}
