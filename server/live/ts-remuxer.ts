import { mediaFragment, initSegment, timescale } from './fmp4-muxer';
import { accessUnit, readSps, type AccessUnit } from './h264-stream';
import { createTsDemuxer, type Pes, type PesTimes } from './mpeg-ts';

/** MPEG-TS's stream type for H.264 (ISO/IEC 13818-1 Table 2-34). */
export const h264StreamType = 0x1b;

export interface RemuxListener {
  /** The stream is not H.264 (its stream type from the program map table): nothing more follows. */
  otherCodec(streamType: number): void;
  /** Once, before the first fragment: the MIME type with its codec, and the init segment. */
  media(mime: string, init: Buffer): void;
  /** Each frame as a fragment (moof + mdat), the first a key frame. */
  fragment(bytes: Buffer, key: boolean): void;
}

/** A frame read, waiting for the next one's time to know its own duration. */
interface Frame {
  readonly unit: AccessUnit;
  /** Its decode time as the stream gives it (33 bits, wrapping). */
  readonly dts: number;
  readonly compositionOffset: number;
}

const wrap = 2 ** 33;
/** The signed difference `to - from` of two 33-bit time stamps, the shorter way round. */
const timeStep = (from: number, to: number) => {
  const step = (((to - from) % wrap) + wrap) % wrap;
  return step >= wrap / 2 ? step - wrap : step;
};
/** A frame lasting longer than this (or not at all) is a jump in the source's clock, not its pace. */
const maxFrameDuration = 10 * timescale;
/** The duration of a frame after such a jump when none is known yet (25 frames a second). */
const firstFrameDuration = timescale / 25;

/**
 * Turns the live relay's MPEG-TS (H.264 copied or encoded, one access unit per PES) into fragmented
 * MP4 as it comes: from the first key frame whose parameter sets are known, one fragment per frame.
 * A frame whose PES gives its length leaves as soon as it is whole, lasting as long as the frame
 * before it (the stream's pace); one whose PES leaves its length open is known whole only when the
 * next begins, and leaves then, one frame late, lasting exactly until the next. The track's time
 * starts at 0 and only grows: a jump in the source's clock becomes one frame's usual duration, so
 * players never see time go back.
 */
export function createTsRemuxer(listener: RemuxListener): (chunk: Buffer) => void {
  let h264: boolean | null = null;
  let sps: Buffer[] = [];
  let pps: Buffer[] = [];
  let started = false;
  let waiting: Frame | null = null;
  /** The decode time of the last frame read, whose step to the next sets the pace. */
  let lastDts: number | null = null;
  let decodeTime = 0;
  let duration = firstFrameDuration;
  let sequence = 0;

  /** The step from `from` to `to` becomes the frames' duration, unless it is a jump in the clock. */
  const pace = (from: number, to: number) => {
    const step = timeStep(from, to);
    if (step > 0 && step <= maxFrameDuration) duration = step;
  };

  /** Sends a frame lasting until `nextDts` when known, else the stream's pace so far. */
  const send = (frame: Frame, nextDts: number | null) => {
    if (nextDts !== null) pace(frame.dts, nextDts);
    sequence += 1;
    const sample = {
      decodeTime,
      duration,
      compositionOffset: frame.compositionOffset,
      key: frame.unit.key,
      units: frame.unit.units,
    };
    listener.fragment(mediaFragment(sequence, sample), frame.unit.key);
    decodeTime += duration;
  };

  const onPes = (pes: Pes, next: PesTimes | null) => {
    if (!h264 || pes.dts === null || pes.pts === null) return;
    const unit = accessUnit(pes.payload);
    if (unit.units.length === 0) return;
    const frame: Frame = { unit, dts: pes.dts, compositionOffset: timeStep(pes.dts, pes.pts) };
    if (waiting) send(waiting, pes.dts);
    waiting = null;
    if (lastDts !== null) pace(lastDts, pes.dts);
    lastDts = pes.dts;
    if (!started) {
      if (unit.sps.length > 0) sps = unit.sps;
      if (unit.pps.length > 0) pps = unit.pps;
      // Until a key frame with its parameter sets, nothing can be decoded: frames are dropped.
      if (!unit.key || sps.length === 0 || pps.length === 0) return;
      const picture = readSps(sps[0] as Buffer);
      listener.media(`video/mp4; codecs="${picture.codec}"`, initSegment({ ...picture, sps, pps }));
      started = true;
    }
    // Whole by its length (no next yet): sent now. Whole because the next began: sent with its time.
    if (next === null) send(frame, null);
    else if (next.dts !== null) send(frame, next.dts);
    else waiting = frame;
  };

  return createTsDemuxer({
    stream(streamType) {
      if (h264 !== null) return;
      h264 = streamType === h264StreamType;
      if (!h264) listener.otherCodec(streamType);
    },
    pes: onPes,
  });
}
