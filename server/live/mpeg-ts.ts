/**
 * Reading an MPEG transport stream (ISO/IEC 13818-1) as it arrives: the first program's first
 * elementary stream (the live relay's ffmpeg writes one, the video) and its PES packets, whole.
 * Only what the relay needs: tables that fit in one TS packet (as ffmpeg writes them) and no CRC
 * check, since the stream comes from our own ffmpeg over a pipe.
 */

const packetSize = 188;
const syncByte = 0x47;
const patPid = 0;
/** A PES larger than this is not one camera frame: the stream is broken. */
const maxPesBytes = 16 * 1024 * 1024;

/** One PES packet's payload (an H.264 access unit, as ffmpeg writes them) and its times (90 kHz). */
export interface Pes {
  /** Presentation time, 33 bits as in the stream (it wraps); null when it has none. */
  readonly pts: number | null;
  /** Decoding time; the presentation time when it has none of its own. */
  readonly dts: number | null;
  readonly payload: Buffer;
}

export type PesTimes = Pick<Pes, 'pts' | 'dts'>;

export interface TsListener {
  /** The stream's type as its program map table says (0x1b for H.264), once and on each change. */
  stream(streamType: number): void;
  /**
   * Each PES of the stream, once it is known whole: its length reached, or the next one begun,
   * whose times come along (a frame's duration is known no sooner); null when not known yet.
   */
  pes(pes: Pes, next: PesTimes | null): void;
}

/** A PES being gathered: its bytes from its start code on. */
interface PesInProgress {
  readonly parts: Buffer[];
  bytes: number;
  /** Its PES_packet_length once read: the bytes after it, or 0 when it leaves its end open. */
  length: number | null;
}

/**
 * A demuxer fed chunks of a transport stream that may end anywhere. Bytes that are not at a packet
 * boundary (garbage, a packet cut short) are skipped up to the next sync byte followed by another a
 * packet later; a PES that lost a packet (sync lost, or a gap in its continuity counter)
 * is dropped rather than given broken.
 */
export function createTsDemuxer(listener: TsListener): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  let pmtPid: number | null = null;
  let streamPid: number | null = null;
  let streamType: number | null = null;
  let continuity: number | null = null;
  let pes: PesInProgress | null = null;
  // ffmpeg's output starts with a packet.
  let synced = true;

  const finish = (next: PesTimes | null) => {
    if (pes) {
      const whole = Buffer.concat(pes.parts, pes.bytes);
      pes = null;
      const read = readPes(whole);
      if (read) listener.pes(read, next);
    }
  };

  const onPat = (section: Buffer) => {
    if (section[0] !== 0x00) return;
    const end = sectionEnd(section);
    for (let at = 8; at + 4 <= end - 4; at += 4) {
      if (section.readUInt16BE(at) === 0) continue; // the network PID, not a program
      pmtPid = section.readUInt16BE(at + 2) & 0x1fff;
      return;
    }
  };

  const onPmt = (section: Buffer) => {
    if (section[0] !== 0x02) return;
    const end = sectionEnd(section);
    const at = 12 + (section.readUInt16BE(10) & 0x0fff);
    if (at + 5 > end - 4) return;
    const type = section[at] as number;
    const pid = section.readUInt16BE(at + 1) & 0x1fff;
    if (pid === streamPid && type === streamType) return;
    pes = null;
    continuity = null;
    streamPid = pid;
    streamType = type;
    listener.stream(type);
  };

  const onPacket = (packet: Buffer) => {
    // transport_error_indicator: the packet is known to be damaged.
    if ((packet[1] as number) & 0x80) return;
    const unitStart = ((packet[1] as number) & 0x40) !== 0;
    const pid = packet.readUInt16BE(1) & 0x1fff;
    const control = ((packet[3] as number) >> 4) & 0x3;
    const counter = (packet[3] as number) & 0x0f;
    const adaptation = control & 0x2 ? (packet[4] as number) + 1 : 0;
    if (!(control & 0x1) || 4 + adaptation >= packetSize) return;
    const payload = packet.subarray(4 + adaptation);
    if (pid === patPid || pid === pmtPid) {
      if (!unitStart) return;
      const section = payload.subarray(1 + (payload[0] as number));
      if (pid === patPid) onPat(section);
      else onPmt(section);
      return;
    }
    if (pid !== streamPid) return;
    const discontinuity = adaptation > 1 && ((packet[5] as number) & 0x80) !== 0;
    if (continuity !== null && !discontinuity && counter !== ((continuity + 1) & 0x0f)) {
      if (counter === continuity) return; // a duplicate packet, sent twice on purpose
      pes = null;
    }
    continuity = counter;
    if (unitStart) {
      // The new PES's header nearly always fits in its first packet.
      const next = readPes(payload);
      finish(next && { pts: next.pts, dts: next.dts });
      pes = { parts: [], bytes: 0, length: null };
    }
    if (!pes) return;
    pes.parts.push(payload);
    pes.bytes += payload.length;
    if (pes.bytes > maxPesBytes) {
      pes = null;
      return;
    }
    if (pes.length === null && pes.bytes >= 6) pes.length = Buffer.concat(pes.parts).readUInt16BE(4);
    // Most video leaves its length open (0): its end is the next PES's start.
    if (pes.length && pes.bytes >= 6 + pes.length) finish(null);
  };

  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let at = 0;
    while (pending.length - at >= packetSize) {
      const next = at + packetSize;
      // In step, a sync byte where the last packet ended starts the next; out of step, only one
      // with another a packet later (at the chunk's end, that waits for the next chunk).
      if (pending[at] === syncByte && (synced || pending[next] === syncByte)) {
        synced = true;
        onPacket(pending.subarray(at, next));
        at = next;
      } else if (pending[at] === syncByte && next === pending.length) break;
      else {
        // Out of step: what is skipped may have been part of the PES being gathered.
        synced = false;
        pes = null;
        const found = pending.indexOf(syncByte, at + 1);
        at = found < 0 ? pending.length : found;
      }
    }
    pending = pending.subarray(at);
  };
}

/** Where a PSI section ends (its CRC included), within this packet. */
const sectionEnd = (section: Buffer) =>
  Math.min(section.length, 3 + (section.length >= 3 ? section.readUInt16BE(1) & 0x0fff : 0));

/** The stream ids whose PES carries no optional header (ISO/IEC 13818-1 Table 2-21's exceptions). */
const noOptionalHeader = new Set([0xbc, 0xbe, 0xbf, 0xf0, 0xf1, 0xf2, 0xf8, 0xff]);

/** A whole PES: its times and payload, or null when it does not start like one. */
function readPes(bytes: Buffer): Pes | null {
  if (bytes.length < 6 || bytes.readUIntBE(0, 3) !== 1) return null;
  const declared = bytes.readUInt16BE(4);
  const end = declared > 0 ? Math.min(bytes.length, 6 + declared) : bytes.length;
  if (noOptionalHeader.has(bytes[3] as number)) {
    return { pts: null, dts: null, payload: bytes.subarray(6, end) };
  }
  if (bytes.length < 9) return null;
  const timeFlags = (bytes[7] as number) >> 6;
  const start = 9 + (bytes[8] as number);
  if (start > end) return null;
  const pts = timeFlags & 0x2 && bytes.length >= 14 ? readTime(bytes, 9) : null;
  const dts = timeFlags === 0x3 && bytes.length >= 19 ? readTime(bytes, 14) : pts;
  return { pts, dts, payload: bytes.subarray(start, end) };
}

/** A 33-bit time stamp spread over five bytes with marker bits. */
function readTime(bytes: Buffer, at: number): number {
  const high = ((bytes[at] as number) >> 1) & 0x07;
  const middle = bytes.readUInt16BE(at + 1) >> 1;
  const low = bytes.readUInt16BE(at + 3) >> 1;
  return high * 2 ** 30 + middle * 2 ** 15 + low;
}
