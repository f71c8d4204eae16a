import { posix } from 'node:path';
import { handlerExportOf } from '../../contract/handler-files';
import { serverGeneratedDir } from '../inputs';

/** The import path of a repo file from the generated index's folder, without its extension. */
const importPath = (file: string): string => posix.relative(serverGeneratedDir, file.slice(0, -'.ts'.length));

/**
 * The server's handler table: every handler module found by convention, each operation handled by
 * exactly one, and the generic handlers of each declared resource none of them handles.
 */
export function emitOperationHandlers(modules: Iterable<string>): string {
  const files = [...modules];
  return [
    "import type { AppContext } from '../app-context';",
    "import { operationHooks } from '../operation-hooks';",
    "import { handlersOf, oneHandlerEach } from '../operations/handler-modules';",
    "import type { OperationHandlers } from '../operations/operation-handler';",
    "import { plainResourceOperations } from '../resources/declared-handlers';",
    ...files.map((file) => `import { ${handlerExportOf(file)} } from '${importPath(file)}';`),
    '',
    'const handWritten = oneHandlerEach({',
    ...files.map((file) => `  '${file}': handlersOf(operationHooks, ${handlerExportOf(file)}),`),
    '});',
    '',
    '/**',
    ' * Every handler, keyed by the operationId of openapi.yaml it serves: the hand-written ones of each',
    ' * server/<room>/<name>-operations.ts, and the generic ones of each resource declared with x-resource',
    ' * that has none of its own.',
    ' */',
    'export const operationHandlers: OperationHandlers<AppContext> = {',
    '  ...plainResourceOperations(handWritten),',
    '  ...handWritten,',
    '};',
    '',
  ].join('\n');
}
