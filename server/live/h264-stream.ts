/**
 * Reading H.264 as MPEG-TS carries it (Annex B: NAL units behind start codes, one access unit per
 * PES): its NAL units, whether an access unit is a key frame, and what the sequence parameter set
 * says of the picture (size, and the profile and level a browser is asked to decode).
 */

export const nalTypes = { idr: 5, sps: 7, pps: 8, accessUnitDelimiter: 9 } as const;

export class H264Error extends Error {}

export const nalType = (unit: Buffer) => (unit[0] as number) & 0x1f;

/**
 * The NAL units of an Annex B byte stream, start codes left out. The zero bytes before a start
 * code (a four-byte start code's first, or trailing zeros) are not part of the unit before it: a
 * NAL unit never ends with a zero byte.
 */
export function nalUnits(stream: Buffer): Buffer[] {
  const units: Buffer[] = [];
  let start = stream.indexOf(startCode);
  while (start >= 0) {
    const from = start + startCode.length;
    const next = stream.indexOf(startCode, from);
    let end = next < 0 ? stream.length : next;
    while (end > from && stream[end - 1] === 0) end -= 1;
    if (end > from) units.push(stream.subarray(from, end));
    start = next;
  }
  return units;
}

const startCode = Buffer.from([0, 0, 1]);

/** One access unit (a frame): its NAL units, and the parameter sets it carries in-band. */
export interface AccessUnit {
  /** Its NAL units, without access unit delimiters (MP4 has no use for them). */
  readonly units: Buffer[];
  /** It holds an IDR picture: a decoder can start here. */
  readonly key: boolean;
  readonly sps: Buffer[];
  readonly pps: Buffer[];
}

export function accessUnit(stream: Buffer): AccessUnit {
  const units = nalUnits(stream).filter((unit) => nalType(unit) !== nalTypes.accessUnitDelimiter);
  const ofType = (type: number) => units.filter((unit) => nalType(unit) === type);
  return {
    units,
    key: units.some((unit) => nalType(unit) === nalTypes.idr),
    sps: ofType(nalTypes.sps),
    pps: ofType(nalTypes.pps),
  };
}

/** What a sequence parameter set says of the picture. */
export interface SequenceParameters {
  readonly width: number;
  readonly height: number;
  /** The RFC 6381 codec for Media Source Extensions: `avc1.PPCCLL` (profile, constraints, level). */
  readonly codec: string;
}

/** The profiles whose SPS carries chroma format, bit depths and scaling matrices (H.264 §7.3.2.1.1). */
const highProfiles = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

const hex = (byte: number) => byte.toString(16).padStart(2, '0');

/** Reads a sequence parameter set NAL unit (its header byte included) up to the frame cropping. */
export function readSps(sps: Buffer): SequenceParameters {
  if (sps.length < 4 || nalType(sps) !== nalTypes.sps) throw new H264Error('not a sequence parameter set');
  const [profile, constraints, level] = [sps[1], sps[2], sps[3]] as number[] as [number, number, number];
  const bits = new BitReader(unescape(sps.subarray(4)));
  bits.ue(); // seq_parameter_set_id
  let chromaFormat = 1;
  let separateColourPlanes = false;
  if (highProfiles.has(profile)) {
    chromaFormat = bits.ue();
    if (chromaFormat === 3) separateColourPlanes = bits.bit() === 1;
    bits.ue(); // bit_depth_luma_minus8
    bits.ue(); // bit_depth_chroma_minus8
    bits.bit(); // qpprime_y_zero_transform_bypass_flag
    if (bits.bit() === 1) {
      for (let list = 0; list < (chromaFormat === 3 ? 12 : 8); list += 1) {
        if (bits.bit() === 1) skipScalingList(bits, list < 6 ? 16 : 64);
      }
    }
  }
  bits.ue(); // log2_max_frame_num_minus4
  const pictureOrderCountType = bits.ue();
  if (pictureOrderCountType === 0) bits.ue();
  else if (pictureOrderCountType === 1) {
    bits.bit(); // delta_pic_order_always_zero_flag
    bits.se(); // offset_for_non_ref_pic
    bits.se(); // offset_for_top_to_bottom_field
    const cycle = bits.ue();
    for (let frame = 0; frame < cycle; frame += 1) bits.se();
  }
  bits.ue(); // max_num_ref_frames
  bits.bit(); // gaps_in_frame_num_value_allowed_flag
  const widthInMacroblocks = bits.ue() + 1;
  const heightInMapUnits = bits.ue() + 1;
  const frameMacroblocksOnly = bits.bit();
  if (frameMacroblocksOnly === 0) bits.bit(); // mb_adaptive_frame_field_flag
  bits.bit(); // direct_8x8_inference_flag
  const crop = bits.bit() === 1 ? [bits.ue(), bits.ue(), bits.ue(), bits.ue()] : [0, 0, 0, 0];
  const [left, right, top, bottom] = crop as [number, number, number, number];
  // Cropping counts in chroma samples (§7.4.2.1.1, CropUnitX / CropUnitY).
  const monochromeOrSeparate = chromaFormat === 0 || separateColourPlanes;
  const cropX = monochromeOrSeparate || chromaFormat === 3 ? 1 : 2;
  const cropY = (monochromeOrSeparate || chromaFormat !== 1 ? 1 : 2) * (2 - frameMacroblocksOnly);
  const width = widthInMacroblocks * 16 - (left + right) * cropX;
  const height = (2 - frameMacroblocksOnly) * heightInMapUnits * 16 - (top + bottom) * cropY;
  if (width <= 0 || height <= 0) throw new H264Error(`picture of ${width}×${height}`);
  return { width, height, codec: `avc1.${hex(profile)}${hex(constraints)}${hex(level)}` };
}

function skipScalingList(bits: BitReader, size: number): void {
  let last = 8;
  let next = 8;
  for (let index = 0; index < size && next !== 0; index += 1) {
    next = (last + bits.se() + 256) % 256;
    if (next !== 0) last = next;
  }
}

/** The RBSP of a NAL unit's payload: each emulation prevention byte (00 00 03) taken out. */
function unescape(payload: Buffer): Buffer {
  const bytes: number[] = [];
  let zeros = 0;
  for (const byte of payload) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    zeros = byte === 0 ? zeros + 1 : 0;
    bytes.push(byte);
  }
  return Buffer.from(bytes);
}

/** Reads bits, most significant first, and the Exp-Golomb codes of H.264 syntax. */
class BitReader {
  private at = 0;
  constructor(private readonly bytes: Buffer) {}

  bit(): number {
    const byte = this.bytes[this.at >> 3];
    if (byte === undefined) throw new H264Error('sequence parameter set cut short');
    const bit = (byte >> (7 - (this.at & 7))) & 1;
    this.at += 1;
    return bit;
  }

  /** ue(v): an unsigned Exp-Golomb code. */
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) {
      zeros += 1;
      if (zeros > 31) throw new H264Error('Exp-Golomb code too long');
    }
    let value = 0;
    for (let index = 0; index < zeros; index += 1) value = value * 2 + this.bit();
    return 2 ** zeros - 1 + value;
  }

  /** se(v): a signed Exp-Golomb code. */
  se(): number {
    const code = this.ue();
    return code % 2 === 1 ? (code + 1) / 2 : -code / 2;
  }
}
