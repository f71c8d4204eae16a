import { pointerOf, shown, type Diagnostic } from './diagnostics';
import { inputFiles, type Inputs } from './inputs';
import { componentSchemas, isObject, operationsIn } from '../contract/document';

// `x-events` on the console's event stream operation states each event it sends once: the schema of
// its data, the keys whose holders receive it, and, for an event that changes rows of a resource,
// that resource's item schema (as the manifest's resource names it). The server filters by the keys, the console types the data and
// patches the rows, all from the generated module.

export interface StreamEvent {
  /** The `event:` line's name. */
  readonly name: string;
  /** The components.schemas name of its `data:`. */
  readonly data: string;
  readonly access: readonly string[];
  /** The item schema of the resource whose rows it changes (`{ id, ...fields }`), or null. */
  readonly rows: string | null;
}

export interface StreamEvents {
  readonly events: readonly StreamEvent[];
  readonly problems: readonly Diagnostic[];
}

const eventKeys = new Set(['data', 'access', 'rows']);
const eventName = /^[a-z][A-Za-z]*$/;

/** A string property of each entry of the manifest's list `list` (read defensively). */
function manifestNames(manifest: unknown, list: string, property: string): Set<string> {
  const entries = isObject(manifest) ? manifest[list] : undefined;
  if (!Array.isArray(entries)) return new Set();
  return new Set(
    entries.flatMap((entry) =>
      isObject(entry) && typeof entry[property] === 'string' ? [entry[property]] : [],
    ),
  );
}

/**
 * The `x-events` of openapi.yaml, read defensively: what is sound, and a problem for each thing
 * that is not. Keys must be the manifest's, and `rows` the item schema of one of its resources.
 */
export function readStreamEvents({ manifest, openapi }: Pick<Inputs, 'manifest' | 'openapi'>): StreamEvents {
  const known = {
    keys: manifestNames(manifest, 'accessKeys', 'key'),
    resourceSchemas: manifestNames(manifest, 'resources', 'schema'),
  };
  const carriers = operationsIn(openapi).filter(({ operation }) => operation['x-events'] !== undefined);
  if (carriers.length > 1) {
    const problems = carriers.map(({ path, method, operation }) => ({
      file: inputFiles.openapi,
      pointer: pointerOf('paths', path, method, 'x-events'),
      message: `${shown(operation.operationId)}: only one operation (the console's event stream) may declare x-events`,
    }));
    return { events: [], problems };
  }
  const [carrier] = carriers;
  if (carrier === undefined) return { events: [], problems: [] };
  const problems: Diagnostic[] = [];
  const at = (...segments: (string | number)[]) =>
    pointerOf('paths', carrier.path, carrier.method, 'x-events', ...segments);
  const report = (pointer: string, message: string) =>
    problems.push({ file: inputFiles.openapi, pointer, message });
  const declared = carrier.operation['x-events'];
  if (!isObject(declared)) {
    report(at(), 'must map each event name to { data, access, rows? }');
    return { events: [], problems };
  }
  const schemas = componentSchemas(openapi);
  const events: StreamEvent[] = [];
  const rowsSeen = new Map<string, string>();
  for (const [name, value] of Object.entries(declared)) {
    if (!eventName.test(name)) report(at(name), `event name ${shown(name)} must be a camelCase word`);
    if (!isObject(value)) {
      report(at(name), 'must be { data, access, rows? }');
      continue;
    }
    Object.keys(value)
      .filter((key) => !eventKeys.has(key))
      .forEach((key) => report(at(name, key), `unknown key ${shown(key)} (data, access or rows)`));
    const { data, access, rows } = value;
    const dataOk = typeof data === 'string' && isObject(schemas[data]);
    if (!dataOk) report(at(name, 'data'), `${shown(data)} is not a schema of components.schemas`);
    const keys = Array.isArray(access) ? access : [];
    if (keys.length === 0) report(at(name, 'access'), 'must list the keys whose holders receive the event');
    keys.forEach((key: unknown, index) => {
      if (typeof key !== 'string' || !known.keys.has(key)) {
        report(
          at(name, 'access', index),
          `undeclared access key ${shown(key)} (not in ${inputFiles.manifest} accessKeys)`,
        );
      }
    });
    const rowsOk = rows === undefined || (typeof rows === 'string' && known.resourceSchemas.has(rows));
    if (!rowsOk) {
      report(at(name, 'rows'), `${shown(rows)} is not the schema of a resource of ${inputFiles.manifest}`);
    }
    if (typeof rows === 'string' && rowsSeen.has(rows)) {
      report(at(name, 'rows'), `${rows}'s rows are already changed by ${shown(rowsSeen.get(rows))}`);
    }
    if (typeof rows === 'string') rowsSeen.set(rows, name);
    if (dataOk && rowsOk && keys.length > 0) {
      events.push({
        name,
        data: data as string,
        access: keys.map(String),
        rows: typeof rows === 'string' ? rows : null,
      });
    }
  }
  return { events, problems };
}
