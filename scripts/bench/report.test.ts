import { describe, expect, it } from 'vitest';
import { metricTable, percentile, summarize } from './report';

describe('percentile', () => {
  it('takes the nearest rank, and NaN of no values', () => {
    const values = [50, 10, 40, 20, 30, 60, 70, 80, 90, 100];
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('summarize', () => {
  it('gives the middle value of an odd count and the range', () => {
    expect(summarize([900, 700, 1100, 800, 1000])).toEqual({ median: 900, min: 700, max: 1100 });
  });

  it('averages the two middle values of an even count', () => {
    expect(summarize([4, 1, 3, 2]).median).toBe(2.5);
  });
});

describe('metricTable', () => {
  it('says whether the median meets the target, in the metric unit', () => {
    const table = metricTable([
      { label: 'usable', unit: 'ms', values: [950, 850, 880], target: 900 },
      { label: 'route change', unit: 'ms', values: [120, 130, 110], target: 100 },
      { label: 'login JS', unit: 'KB', values: [2048, 2048, 2048], target: 4096 },
    ]);
    const [, usable, route, js] = table.split('\n');
    expect(usable).toMatch(/^usable\s+880 ms\s+850–950 ms\s+≤ 900 ms\s+yes\s+950 850 880$/);
    expect(route).toMatch(/\s+NO\s/);
    expect(js).toMatch(/^login JS\s+2\.0 KB\s+2\.0 KB\s+≤ 4\.0 KB\s+yes$/);
  });
});
