import { describe, expect, it } from 'vitest';
import { createTsDemuxer, type Pes, type PesTimes } from './mpeg-ts';

const pmtPid = 0x1000;
const videoPid = 0x100;

interface PacketOptions {
  readonly unitStart?: boolean;
  readonly counter?: number;
  /** Adaptation field bits after its length byte (0x80 discontinuity, 0x10 PCR), stuffed to fit. */
  readonly adaptationFlags?: number;
}

/** One 188-byte TS packet; a payload shorter than the packet is padded by adaptation field stuffing. */
function packet(pid: number, payload: Buffer, options: PacketOptions = {}): Buffer {
  if (payload.length > 184) throw new Error('payload too large for one packet');
  const bytes = Buffer.alloc(188, 0xff);
  bytes[0] = 0x47;
  bytes.writeUInt16BE((options.unitStart ? 0x4000 : 0) | pid, 1);
  const adaptation = payload.length < 184 || options.adaptationFlags !== undefined;
  bytes[3] = ((adaptation ? 0x30 : 0x10) | ((options.counter ?? 0) & 0x0f)) >>> 0;
  if (adaptation) {
    const length = 183 - payload.length;
    if (length < 1 && options.adaptationFlags !== undefined) throw new Error('no room for the flags');
    bytes[4] = length;
    if (length > 0) bytes[5] = options.adaptationFlags ?? 0;
  }
  payload.copy(bytes, 188 - payload.length);
  return bytes;
}

/** A PSI section in a packet of its own: pointer field, table, CRC left as zeros (not checked). */
function section(pid: number, tableId: number, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header[0] = tableId;
  header.writeUInt16BE(0xb000 | (5 + body.length + 4), 1);
  header.writeUInt16BE(1, 3);
  header[5] = 0xc1;
  return packet(pid, Buffer.concat([Buffer.from([0]), header, body, Buffer.alloc(4)]), { unitStart: true });
}

const pat = () => section(0, 0x00, Buffer.from([0, 1, 0xe0 | (pmtPid >> 8), pmtPid & 0xff]));
const pmt = (streamType = 0x1b) =>
  section(
    pmtPid,
    0x02,
    Buffer.from([
      0xe0 | (videoPid >> 8),
      videoPid & 0xff,
      0xf0,
      0,
      streamType,
      0xe0 | (videoPid >> 8),
      videoPid & 0xff,
      0xf0,
      0,
    ]),
  );

/** A 33-bit time stamp in its five bytes with marker bits; `prefix` is 0x3 for PTS with DTS, 0x1 for DTS. */
function time(prefix: number, value: number): Buffer {
  const high = Math.floor(value / 2 ** 30) & 0x07;
  return Buffer.from([
    (prefix << 4) | (high << 1) | 1,
    (value >> 22) & 0xff,
    (((value >> 15) & 0x7f) << 1) | 1,
    (value >> 7) & 0xff,
    ((value & 0x7f) << 1) | 1,
  ]);
}

/** A video PES with PTS and DTS; `declared` sets PES_packet_length (0: open, as video most often is). */
function pes(times: { pts: number; dts: number }, payload: Buffer, declared = false): Buffer {
  const header = Buffer.concat([Buffer.from([0x80, 0xc0, 10]), time(0x3, times.pts), time(0x1, times.dts)]);
  const start = Buffer.from([0, 0, 1, 0xe0, 0, 0]);
  if (declared) start.writeUInt16BE(header.length + payload.length, 4);
  return Buffer.concat([start, header, payload]);
}

/** A PES cut into the packets of the video PID, counters from `counter`. */
function pesPackets(bytes: Buffer, counter = 0): Buffer[] {
  const packets: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 184) {
    packets.push(
      packet(videoPid, bytes.subarray(at, at + 184), {
        unitStart: at === 0,
        counter: counter + packets.length,
      }),
    );
  }
  return packets;
}

const filled = (length: number, seed: number) =>
  Buffer.from(Array.from({ length }, (_, i) => (i * 7 + seed) & 0xff));

/** Demuxes `chunks` and answers what it heard. */
function demux(chunks: readonly Buffer[]) {
  const types: number[] = [];
  const units: { pes: Pes; next: PesTimes | null }[] = [];
  const push = createTsDemuxer({
    stream: (type) => types.push(type),
    pes: (pes, next) => units.push({ pes, next }),
  });
  for (const chunk of chunks) push(chunk);
  return { types, units };
}

/** Cuts bytes into chunks of `size`, as a pipe might. */
const chunked = (bytes: Buffer, size: number) => {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
};

const first = { pts: 3600 * 2, dts: 3600 };
const second = { pts: 3600 * 3, dts: 3600 * 2 };
const third = { pts: 3600 * 4, dts: 3600 * 3 };

describe('demuxing MPEG-TS', () => {
  it('gives each PES whole with its times and the next one’s, whatever the chunks', () => {
    const big = filled(500, 1);
    const small = filled(20, 2);
    const stream = Buffer.concat([
      pat(),
      pmt(),
      ...pesPackets(pes(first, big)),
      pmt(),
      ...pesPackets(pes(second, small), 3),
      ...pesPackets(pes(third, small), 4),
    ]);
    for (const size of [stream.length, 188, 7, 1]) {
      const { types, units } = demux(chunked(stream, size));
      // The table is repeated; the stream is told once.
      expect(types).toEqual([0x1b]);
      expect(units).toEqual([
        { pes: { ...first, payload: big }, next: second },
        { pes: { ...second, payload: small }, next: third },
      ]);
    }
  });

  it('reads past adaptation fields, and packets that carry only one', () => {
    const payload = filled(100, 3);
    const bytes = pes(first, payload);
    const withPcr = packet(videoPid, bytes, { unitStart: true, adaptationFlags: 0x10 });
    const onlyAdaptation = Buffer.from(packet(videoPid, Buffer.alloc(0), { counter: 0 }));
    onlyAdaptation[3] = 0x20; // adaptation field, no payload: its counter does not count
    const { units } = demux([pat(), pmt(), withPcr, onlyAdaptation, ...pesPackets(pes(second, payload), 1)]);
    expect(units.map(({ pes }) => pes.payload)).toEqual([payload]);
  });

  it('finds the packets again after garbage, dropping the PES the garbage broke into', () => {
    const payload = filled(300, 4);
    const [head, tail] = pesPackets(pes(second, payload), 2) as [Buffer, Buffer];
    const stream = Buffer.concat([
      pat(),
      filled(77, 5),
      pmt(),
      ...pesPackets(pes(first, payload)),
      head,
      Buffer.from([0x47, 0x47, 1, 2, 3]),
      tail,
      ...pesPackets(pes(third, payload), 4),
      ...pesPackets(pes(first, payload), 6),
    ]);
    const { units } = demux(chunked(stream, 100));
    expect(units.map(({ pes }) => pes.dts)).toEqual([first.dts, third.dts]);
  });

  it('drops a PES that lost a packet, and ignores a packet sent twice', () => {
    const payload = filled(300, 6);
    const [head, tail] = pesPackets(pes(first, payload)) as [Buffer, Buffer];
    const [lostHead] = pesPackets(pes(second, payload), 2) as [Buffer];
    const stream = Buffer.concat([
      pat(),
      pmt(),
      head,
      tail,
      tail, // counter repeated: a duplicate
      lostHead, // its second packet never comes
      ...pesPackets(pes(third, payload), 5),
      ...pesPackets(pes(first, payload), 7),
    ]);
    const { units } = demux([stream]);
    expect(units.map(({ pes }) => [pes.dts, pes.payload.length])).toEqual([
      [first.dts, 300],
      [third.dts, 300],
    ]);
  });

  it('gives a PES whose length is declared as soon as it is complete, without the next one’s times', () => {
    const payload = filled(250, 7);
    const { units } = demux([pat(), pmt(), ...pesPackets(pes(first, payload, true))]);
    expect(units).toEqual([{ pes: { ...first, payload }, next: null }]);
  });

  it('tells a stream of another type, and reads 33-bit times in full', () => {
    const late = { pts: 2 ** 33 - 1, dts: 2 ** 32 + 5 };
    const { types, units } = demux([
      pat(),
      pmt(0x24),
      ...pesPackets(pes(late, filled(10, 8))),
      ...pesPackets(pes(first, filled(10, 8)), 1),
    ]);
    expect(types).toEqual([0x24]);
    expect(units[0]?.pes).toMatchObject(late);
  });
});
