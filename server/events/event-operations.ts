import type { EventsContext } from './events-context';
import { EventStreamAnswer } from '../operations/event-stream-answer';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';
import { consoleEventStream, resumeAfter } from './console-event-stream';

export const eventOperations = {
  // Any signed-in user: each event is sent only to holders of its key (consoleEventStream).
  async streamConsoleEvents(input, ctx) {
    const after = resumeAfter(input.query.after, input.headers['last-event-id']);
    const { userId } = requireSession(input);
    return new EventStreamAnswer(consoleEventStream(ctx, after, input.lang, { userId }));
  },
} satisfies SomeOperationHandlers<EventsContext>;
