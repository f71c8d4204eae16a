import { literal, stringUnion } from '../literal';
import type { Inputs } from '../inputs';
import { readStreamEvents } from '../stream-events';

/**
 * The console event stream's events as openapi.yaml's `x-events` states them: their names and data
 * for the console, the keys for the server that filters by them, and which resource's rows each
 * changes for the lists that patch them. Expects validated inputs.
 */
export function emitConsoleEvents(inputs: Inputs): string {
  const { events } = readStreamEvents(inputs);
  const data = events.map(({ name, data }) => `readonly ${name}: components['schemas']['${data}'];`);
  const access = Object.fromEntries(events.map(({ name, access }) => [name, access]));
  const rows = Object.fromEntries(events.flatMap(({ name, rows }) => (rows ? [[rows, name]] : [])));
  return `import type { AccessKey } from './access';
import type { components } from './openapi';

/** The events of the console's event stream, by their \`event:\` line. */
export type ConsoleEventName = ${stringUnion(events.map(({ name }) => name))};

/** What each event's \`data:\` line holds. */
export interface ConsoleEventData {
  ${data.join('\n  ')}
}

/** The keys whose holders receive each event (any one of them): whoever may see what it changes. */
export const consoleEventAccess: Readonly<Record<ConsoleEventName, readonly AccessKey[]>> = ${literal(access)};

/** The event that changes rows of a resource (\`{ id, ...fields }\`), by the resource's item schema. */
export const rowEvents = ${literal(rows)} as const satisfies Readonly<Record<string, ConsoleEventName>>;
`;
}
