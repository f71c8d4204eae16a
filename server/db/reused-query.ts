import type { Compilable, CompiledQuery, DialectAdapter, QueryResult } from 'kysely';
import type { Db } from './open-database';

/** A query run with each call's values: its rows, or how many rows it changed. */
export interface ReusedQuery<V, R> {
  execute(db: Db, values: V): Promise<QueryResult<R>>;
}

/** In a compiled query's parameters, a value of the call (by name) or one the query itself holds. */
type Slot = { readonly name: string } | { readonly constant: unknown };

/** Stands in for a value while the query is built once: found again by identity among the parameters. */
class StandIn {
  constructor(readonly name: string) {}
}

/**
 * A query built and compiled once per database, then run with each call's values. Kysely builds and
 * compiles a query on every call, which costs more than SQLite takes to run the small queries of a
 * hot path (an ingest call makes a dozen). `build` must bind each of `values` as it is (no arithmetic
 * on them, no list whose length varies, no `is null` chosen by a value): it is built once with
 * stand-ins, whose places among the compiled parameters each call then fills. A value `build` does
 * not bind as it is fails the first call, not a later one.
 */
export function reusedQuery<V extends Record<string, unknown>, R>(
  build: (db: Db, values: V) => Compilable<R>,
): ReusedQuery<V, R> {
  // Per dialect: the same query compiles to other SQL for another database.
  const compiledBy = new WeakMap<DialectAdapter, { compiled: CompiledQuery<R>; slots: Slot[] }>();
  const compile = (db: Db, names: readonly string[]) => {
    const standIns = Object.fromEntries(names.map((name) => [name, new StandIn(name)]));
    const compiled = build(db, standIns as V).compile();
    const slots = compiled.parameters.map((parameter): Slot =>
      parameter instanceof StandIn ? { name: parameter.name } : { constant: parameter },
    );
    const unbound = names.filter((name) => !slots.some((slot) => 'name' in slot && slot.name === name));
    if (unbound.length > 0)
      throw new Error(`reusedQuery: ${unbound.join(', ')} not bound as given in ${compiled.sql}`);
    return { compiled, slots };
  };
  return {
    async execute(db, values) {
      const { adapter } = db.getExecutor();
      let reused = compiledBy.get(adapter);
      if (!reused) {
        reused = compile(db, Object.keys(values));
        compiledBy.set(adapter, reused);
      }
      const parameters = reused.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.constant));
      return db.executeQuery<R>({ ...reused.compiled, parameters });
    },
  };
}
