import { VariableDeclarationKind } from 'ts-morph';
import { literal } from '../literal';
import type { Manifest } from '../manifest';
import { routeSources } from '../route-sources';
import { newSourceFile } from './source-file';

export function emitRouteSources(manifest: Manifest): string {
  const file = newSourceFile('route-sources.ts');
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      "The source files (keys of Vite's build manifest) a first visit of each path loads before its screen shows, '*' for any other path: the server names their chunks in the page it answers.",
    ],
    declarations: [
      {
        name: 'routeSources',
        type: 'Readonly<Record<string, readonly string[]>>',
        initializer: literal(Object.fromEntries(routeSources(manifest))),
      },
    ],
  });
  return file.getFullText();
}
