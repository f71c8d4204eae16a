/**
 * What a server's `/metrics` says after a bench's load: the figures the people on call watch,
 * read from the Prometheus text the way a scraper reads it. The bench reaches the servers from
 * loopback, which CFOP_METRICS_ALLOW lets in by default.
 */

/** The series a bench prints: ingest outcomes, batch sizes, the pool, streams, the outbox, relays. */
const watched = [
  'cfop_ingest_calls_total',
  'cfop_write_batch_size_count',
  'cfop_write_batch_size_sum',
  'cfop_db_pool_connections',
  'cfop_event_stream_clients',
  'cfop_notification_outbox_pending',
  'cfop_live_relays',
  'cfop_recorders',
  'cfop_job_runs_total',
];

/** The watched samples of one exposition, a line each as written (`name{labels} value`). */
export function watchedSamples(exposition: string): string[] {
  return exposition
    .split('\n')
    .filter((line) => !line.startsWith('#') && watched.some((name) => line.startsWith(name)));
}

/** Each server's watched samples, or why they could not be read; never throws. */
export async function scrapeServers(urls: readonly string[]): Promise<string[]> {
  const lines: string[] = [];
  for (const url of urls) {
    const metricsUrl = new URL('/metrics', url).href;
    try {
      const response = await fetch(metricsUrl, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      lines.push(`${metricsUrl}:`, ...watchedSamples(await response.text()).map((line) => `  ${line}`));
    } catch (error) {
      lines.push(`${metricsUrl}: not read (${(error as Error).message})`);
    }
  }
  return lines;
}
