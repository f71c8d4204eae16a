/**
 * Writing fragmented MP4 (ISO/IEC 14496-12, H.264 in it per 14496-15) for Media Source Extensions:
 * an init segment (ftyp + moov with the track's avcC), then one fragment (moof + mdat) per frame,
 * so that a frame leaves as soon as it is read. One video track, timed in 90 kHz like MPEG-TS.
 */

export const timescale = 90_000;
const trackId = 1;

/** The track as its parameter sets describe it. */
export interface VideoTrack {
  readonly width: number;
  readonly height: number;
  readonly sps: readonly Buffer[];
  readonly pps: readonly Buffer[];
}

/** One frame: its NAL units and times, in `timescale` units. */
export interface Sample {
  /** When it is decoded, from the track's start; it only grows. */
  readonly decodeTime: number;
  readonly duration: number;
  /** Presentation time minus decode time: not 0 with B-frames, and may be negative. */
  readonly compositionOffset: number;
  readonly key: boolean;
  readonly units: readonly Buffer[];
}

const u8 = (...values: number[]) => Buffer.from(values);
const u16 = (...values: number[]) => {
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((value, index) => bytes.writeUInt16BE(value, index * 2));
  return bytes;
};
const u32 = (...values: number[]) => {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => bytes.writeUInt32BE(value >>> 0, index * 4));
  return bytes;
};
const i32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const u64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
};
const text = (value: string) => Buffer.from(value, 'latin1');

function box(type: string, ...payload: Buffer[]): Buffer {
  const size = 8 + payload.reduce((sum, part) => sum + part.length, 0);
  return Buffer.concat([u32(size), text(type), ...payload], size);
}

const fullBox = (type: string, version: number, flags: number, ...payload: Buffer[]) =>
  box(type, u32((version << 24) | flags), ...payload);

/** The unity transformation matrix of mvhd and tkhd. */
const unityMatrix = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

/** ftyp + moov of a track whose duration is unknown (its frames come in fragments). */
export function initSegment(track: VideoTrack): Buffer {
  const ftyp = box('ftyp', text('isom'), u32(0x200), text('isomiso6avc1mp41'));
  const mvhd = fullBox(
    'mvhd',
    0,
    0,
    u32(0, 0, 1000, 0), // created, modified, timescale, duration
    u32(0x00010000), // rate 1.0
    u16(0x0100, 0), // volume 1.0, reserved
    u32(0, 0),
    unityMatrix,
    u32(0, 0, 0, 0, 0, 0), // pre_defined
    u32(trackId + 1), // next_track_ID
  );
  const tkhd = fullBox(
    'tkhd',
    0,
    0x3, // enabled, in the movie
    u32(0, 0, trackId, 0, 0), // created, modified, track_ID, reserved, duration
    u32(0, 0),
    u16(0, 0, 0, 0), // layer, alternate group, volume, reserved
    unityMatrix,
    u32(track.width * 0x10000, track.height * 0x10000),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, timescale, 0), u16(0x55c4, 0)); // language "und"
  const hdlr = fullBox('hdlr', 0, 0, u32(0), text('vide'), u32(0, 0, 0), text('VideoHandler\0'));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 0x1)));
  const emptyTable = (type: string) => fullBox(type, 0, 0, u32(0));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), avc1(track)),
    emptyTable('stts'),
    emptyTable('stsc'),
    fullBox('stsz', 0, 0, u32(0, 0)),
    emptyTable('stco'),
  );
  const minf = box('minf', fullBox('vmhd', 0, 0x1, u16(0, 0, 0, 0)), dinf, stbl);
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
  // Default sample description 1; each fragment states its samples' duration, size and flags.
  const mvex = box('mvex', fullBox('trex', 0, 0, u32(trackId, 1, 0, 0, 0)));
  return Buffer.concat([ftyp, box('moov', mvhd, trak, mvex)]);
}

function avc1(track: VideoTrack): Buffer {
  const [sps] = track.sps;
  if (!sps) throw new Error('an H.264 track needs its sequence parameter set');
  const avcC = box(
    'avcC',
    u8(1, sps[1] as number, sps[2] as number, sps[3] as number), // version, profile, constraints, level
    u8(0xfc | 3, 0xe0 | track.sps.length), // NAL unit lengths in 4 bytes; SPS count
    ...track.sps.flatMap((set) => [u16(set.length), set]),
    u8(track.pps.length),
    ...track.pps.flatMap((set) => [u16(set.length), set]),
  );
  return box(
    'avc1',
    Buffer.alloc(6), // reserved
    u16(1), // data_reference_index
    Buffer.alloc(16), // pre_defined, reserved
    u16(track.width, track.height),
    u32(0x00480000, 0x00480000, 0), // 72 dpi, reserved
    u16(1), // frame_count
    Buffer.alloc(32), // compressorname
    u16(0x0018, 0xffff), // depth, pre_defined -1
    avcC,
  );
}

/** Sample flags (14496-12 §8.8.3.1): a key frame depends on no other; any other frame is not a sync sample. */
const keyFlags = 0x02000000;
const otherFlags = 0x01010000;
/** trun: data offset, and per sample its duration, size, flags and composition offset. */
const trunFlags = 0x000001 | 0x000100 | 0x000200 | 0x000400 | 0x000800;
/** tfhd: offsets count from the moof (default-base-is-moof), as MSE expects. */
const tfhdFlags = 0x020000;

/** One fragment holding one frame: moof (its times and flags) and mdat (its NAL units, length-prefixed). */
export function mediaFragment(sequence: number, sample: Sample): Buffer {
  const data = sample.units.flatMap((unit) => [u32(unit.length), unit]);
  const size = data.reduce((sum, part) => sum + part.length, 0);
  const run = (dataOffset: number) =>
    fullBox(
      'trun',
      1, // signed composition offsets
      trunFlags,
      u32(1),
      i32(dataOffset),
      u32(sample.duration, size, sample.key ? keyFlags : otherFlags),
      i32(sample.compositionOffset),
    );
  const moof = (dataOffset: number) =>
    box(
      'moof',
      fullBox('mfhd', 0, 0, u32(sequence)),
      box(
        'traf',
        fullBox('tfhd', 0, tfhdFlags, u32(trackId)),
        fullBox('tfdt', 1, 0, u64(sample.decodeTime)),
        run(dataOffset),
      ),
    );
  // The data offset counts from the moof's start to the first sample, past the mdat header.
  const head = moof(moof(0).length + 8);
  return Buffer.concat([head, u32(8 + size), text('mdat'), ...data]);
}
