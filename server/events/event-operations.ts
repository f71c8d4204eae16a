import type { EventsContext } from './events-context';
import { EventStreamAnswer } from '../operations/event-stream-answer';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';
import { alertEventStream, consoleEventStream, resumeAfter } from './console-event-stream';

/** The live event streams: the alert stream (its key checked by the pipeline) and the console's. */
export const eventOperations = {
  async streamAlerts(input, ctx) {
    const after = resumeAfter(input.query.after, input.headers['last-event-id']);
    return new EventStreamAnswer(alertEventStream(ctx, after, input.lang));
  },
  // Any signed-in user: each event is sent only to holders of its key (consoleEventStream).
  async streamConsoleEvents(input, ctx) {
    const after = resumeAfter(input.query.after, input.headers['last-event-id']);
    const { userId } = requireSession(input);
    return new EventStreamAnswer(consoleEventStream(ctx, after, input.lang, { userId }));
  },
} satisfies SomeOperationHandlers<EventsContext>;
