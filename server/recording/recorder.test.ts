import { describe, expect, it } from 'vitest';
import { parseListEntry, runTimeline } from './recorder';

const second = 1000;

describe("a run's segments on the wall clock", () => {
  it('reads the file and its timestamps from ffmpeg’s segment list', () => {
    expect(parseListEntry('abc-000001.ts,12.000000,14.040000')).toEqual({
      file: 'abc-000001.ts',
      start: 12,
      end: 14.04,
    });
    expect(parseListEntry('abc-000001.ts,14.0,12.0')).toBeNull();
    expect(parseListEntry('not a segment')).toBeNull();
  });

  it('places them by the stream’s timestamps, meeting however late each is noticed', () => {
    const place = runTimeline();
    // Two-second segments from timestamp 100 s, truly ending at T + 2 s, T + 4 s...; the server
    // notices each 0.5 to 5 s late, as a busy one does.
    const t = Date.UTC(2026, 10, 28, 2);
    const lateness = [500, 3000, 5000, 1200, 4000, 2500];
    const placed = lateness.map((late, n) =>
      place({ start: 100 + 2 * n, end: 102 + 2 * n }, t + (n + 1) * 2 * second + late),
    );
    placed.forEach((segment, n) => {
      expect(segment.endedAt - segment.startedAt).toBe(2 * second);
      if (n > 0) expect(segment.startedAt).toBe(placed[n - 1]?.endedAt);
    });
    // Off by the least lateness seen (the first's), not by each segment's.
    expect(placed[0]?.startedAt).toBe(t + 500);
  });

  it('moves to the least lateness seen, and starts afresh when the timestamps jump', () => {
    const place = runTimeline();
    const t = Date.UTC(2026, 10, 28, 2);
    place({ start: 0, end: 2 }, t + 2 * second + 4000);
    // Noticed only 0.2 s late: the anchor is 3.8 s earlier, and so is this segment.
    expect(place({ start: 2, end: 4 }, t + 4 * second + 200)).toEqual({
      startedAt: t + 2 * second + 200,
      endedAt: t + 4 * second + 200,
    });
    // The camera restarted its timestamps: placed by when it was noticed, not an hour back.
    expect(place({ start: 0, end: 2 }, t + 3_600_000)).toEqual({
      startedAt: t + 3_600_000 - 2 * second,
      endedAt: t + 3_600_000,
    });
  });

  it('keeps its place through a stall of the source and the burst after it', () => {
    const place = runTimeline();
    const t = Date.UTC(2026, 10, 28, 2);
    // Ten-second segments, each noticed 50 ms after it ended; at 25 s the camera's data stops for
    // 45 s (a congested link or a stalled server, still short of ending the run), then what was held
    // comes twenty times as fast as real time.
    const stallAt = t + 25 * second;
    const resumes = stallAt + 45 * second;
    const placed = Array.from({ length: 12 }, (_, n) => {
      const end = t + (n + 1) * 10 * second;
      const arrives = end <= stallAt ? end : Math.max(end, resumes + (end - stallAt) / 20);
      return place({ start: n * 10, end: (n + 1) * 10 }, arrives + 50);
    });
    // Each where its timestamps put it, by the least lateness: the late ones are not a jump in them.
    expect(placed).toEqual(
      placed.map((_, n) => ({
        startedAt: t + n * 10 * second + 50,
        endedAt: t + (n + 1) * 10 * second + 50,
      })),
    );
  });

  it('follows a camera whose clock runs slow, segment after segment', () => {
    const place = runTimeline();
    const t = Date.UTC(2026, 10, 28, 2);
    // The camera's clock runs 200 ppm slow: over two days its timestamps fall 35 s behind. Each
    // segment is noticed 0.5 s after it truly ended.
    const placed = Array.from({ length: 2 * 8640 }, (_, n) => {
      const trueEnd = t + (n + 1) * 10 * second * 1.0002;
      return { trueEnd, ...place({ start: n * 10, end: (n + 1) * 10 }, trueEnd + 500) };
    });
    const gaps = placed.filter((segment, n) => n > 0 && segment.startedAt !== placed[n - 1]?.endedAt);
    expect(gaps).toEqual([]);
    // Off by at most the lateness and an hour's drift (0.72 s), not by the days'.
    const offBy = placed.map((segment) => Math.abs(segment.endedAt - segment.trueEnd));
    expect(Math.max(...offBy)).toBeLessThanOrEqual(500 + 720);
  });
});
