/** Medians, ranges, percentiles and the printed table of the benchmarks. */

export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('no values to summarize');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}

/** The nearest-rank `p`th percentile of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export interface Metric {
  readonly label: string;
  readonly unit: 'ms' | 'KB';
  /** One value per measured run (in ms, or in bytes for KB). */
  readonly values: readonly number[];
  /** Met when the median is at or below it (same unit as values); null: reported only. */
  readonly target: number | null;
}

function formatValue(value: number, unit: Metric['unit']): string {
  return unit === 'ms' ? `${Math.round(value)} ms` : `${(value / 1024).toFixed(1)} KB`;
}

/** One row per metric: median, min–max, target, met?, and every run's value. */
export function metricTable(metrics: readonly Metric[]): string {
  const rows = metrics.map((metric) => {
    const { median, min, max } = summarize(metric.values);
    const format = (value: number): string => formatValue(value, metric.unit);
    const range = `${format(min).split(' ')[0]}–${format(max)}`;
    return [
      metric.label,
      format(median),
      min === max ? format(min) : range,
      metric.target === null ? '—' : `≤ ${format(metric.target)}`,
      metric.target === null ? '' : median <= metric.target ? 'yes' : 'NO',
      metric.values.map((value) => (metric.unit === 'ms' ? String(Math.round(value)) : '')).join(' '),
    ];
  });
  return alignColumns([['metric', 'median', 'min–max', 'target', 'met?', 'runs (ms)'], ...rows]);
}

/** Rows of cells as a plain-text table: the first column left-aligned, the others right-aligned. */
export function alignColumns(rows: readonly (readonly string[])[]): string {
  const columns = Math.max(0, ...rows.map((cells) => cells.length));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(...rows.map((cells) => (cells[column] ?? '').length)),
  );
  return rows
    .map((cells) =>
      cells
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
