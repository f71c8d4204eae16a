import { describe, expect, it } from 'vitest';
import { watchedSamples } from './server-metrics';

describe('a bench reading /metrics', () => {
  it('keeps the watched samples and drops help, types and other series', () => {
    const exposition = [
      '# HELP cfop_ingest_calls_total Ingest calls by outcome',
      '# TYPE cfop_ingest_calls_total counter',
      'cfop_ingest_calls_total{outcome="accepted"} 1200',
      'cfop_ingest_calls_total{outcome="refused"} 3',
      'cfop_http_requests_total{operation="listAlerts",method="GET",status="200"} 4',
      'cfop_write_batch_size_count 40',
      'cfop_write_batch_size_sum 1203',
      'cfop_db_pool_connections{state="in_use"} 2',
      'process_cpu_seconds_total 3.2',
    ].join('\n');
    expect(watchedSamples(exposition)).toEqual([
      'cfop_ingest_calls_total{outcome="accepted"} 1200',
      'cfop_ingest_calls_total{outcome="refused"} 3',
      'cfop_write_batch_size_count 40',
      'cfop_write_batch_size_sum 1203',
      'cfop_db_pool_connections{state="in_use"} 2',
    ]);
  });
});
