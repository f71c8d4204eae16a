import { timeZoneHeader } from '../../src/generated/contract';
import { isTimeZone } from './zoned-time';
import { badInput } from './api-error';

/** Where a caller names no zone (a script), times are written in UTC, and the headers say so. */
export const defaultTimeZone = 'UTC';

/**
 * The caller's IANA time zone from the header openapi.yaml names once (the console sends the
 * browser's on every call). The contract's pattern has shaped it; a zone the runtime does not know
 * is a 400 naming the header.
 */
export function requestTimeZone(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  const sent = headers[timeZoneHeader.toLowerCase()];
  const zone = Array.isArray(sent) ? sent[0] : sent;
  if (zone === undefined || zone === '') return defaultTimeZone;
  if (!isTimeZone(zone)) {
    throw badInput([
      {
        field: `header.${timeZoneHeader}`,
        message: { zh: `未知的时区（${zone}）`, en: `is not a known IANA time zone (${zone})` },
      },
    ]);
  }
  return zone;
}
