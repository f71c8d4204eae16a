import type { Readable } from 'node:stream';

/**
 * What a handler returns to answer a server-sent event stream (`text/event-stream`) instead of an
 * envelope: the pipeline sends `body` as it is written, for as long as it stays open.
 */
export class EventStreamAnswer {
  constructor(readonly body: Readable) {}
}
