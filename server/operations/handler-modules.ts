// Handlers are found by convention: each file `server/<room>/<name>-operations.ts` exports
// `<name>Operations` (camel-cased), and codegen writes server/generated/operation-handlers.ts,
// which imports every one. Adding a handler file edits no index.

/**
 * What a handler module exports: its handlers keyed by operationId, or, when they need something of
 * a room above their own (the cameras' deletion reaching the analysis rollups), a function of the
 * hooks the composition root gives (server/operation-hooks.ts) answering them.
 */
export type HandlerModule<Hooks, Handlers extends object> = Handlers | ((hooks: Hooks) => Handlers);

type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void
  ? I
  : never;

/**
 * Every module's handlers in one table; an operation two modules handle stops the start, naming
 * both files, so each operation has exactly one handler.
 */
export function oneHandlerEach<const Modules extends Readonly<Record<string, object>>>(
  modules: Modules,
): Intersection<Modules[keyof Modules]> {
  const fileOf = new Map<string, string>();
  for (const [file, handlers] of Object.entries(modules)) {
    for (const operationId of Object.keys(handlers)) {
      const other = fileOf.get(operationId);
      if (other !== undefined)
        throw new Error(`operation ${operationId} has two server handlers: in ${other} and in ${file}`);
      fileOf.set(operationId, file);
    }
  }
  return Object.assign({}, ...Object.values(modules)) as Intersection<Modules[keyof Modules]>;
}

/** A module's handlers: the module itself, or what its function answers for the hooks. */
export function handlersOf<Hooks, Handlers extends object>(
  hooks: Hooks,
  module: HandlerModule<Hooks, Handlers>,
): Handlers {
  return typeof module === 'function' ? module(hooks) : module;
}
