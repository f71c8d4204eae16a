import { realpathSync } from 'node:fs';
import type { Rolldown } from 'vite';

type Group = Rolldown.CodeSplittingGroup;
type ModuleGraph = Rolldown.ChunkingContext;

/**
 * Two code-splitting groups for a first screen's few round trips:
 *  - `boot`: everything the entry imports statically (React, antd's core, the router, the shell).
 *    Split by which screens share each part, it came as twenty files, and on six connections a
 *    cold page waited for the last of them to start.
 *  - `name`: what the screen's module imports statically beyond the entry's modules, rather than a
 *    dozen small files split by which other screens share them. The module itself keeps a chunk
 *    of its own: the build manifest names a screen's chunk by its module, and the server's
 *    preloads look for it there. Imports of modules matching `notThrough` are not followed: a
 *    package's barrel imports every part of the package, of which the screen takes a few, listed
 *    in `through` (else they are chunked as before, with the screens sharing them).
 */
export function firstScreenGroups(screen: {
  readonly module: string;
  readonly name: string;
  readonly through: readonly string[];
  readonly notThrough: RegExp;
}): Group[] {
  const initial = new Set<string>();
  const root = realpathSync(screen.module);
  let beyond: Set<string> | undefined;
  return [
    {
      // Called for every module of the group before any group after it is formed.
      name: (id) => {
        initial.add(id);
        return 'boot';
      },
      tags: ['$initial'],
    },
    {
      name: (id, graph) => {
        beyond ??= staticImports(
          [root, ...screen.through.map((path) => realpathSync(path))],
          graph,
          (next) => initial.has(next) || screen.notThrough.test(next),
        );
        return id !== root && beyond.has(id) ? screen.name : null;
      },
    },
  ];
}

/** `roots` and what they import statically, directly or not, short of the modules `stop` names. */
function staticImports(
  roots: readonly string[],
  graph: ModuleGraph,
  stop: (id: string) => boolean,
): Set<string> {
  const seen = new Set(roots);
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (seen.has(imported) || stop(imported)) continue;
      seen.add(imported);
      pending.push(imported);
    }
  }
  return seen;
}
