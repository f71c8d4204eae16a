import { VariableDeclarationKind } from 'ts-morph';
import { literal, stringUnion } from '../literal';
import type { Manifest } from '../manifest';
import { newSourceFile } from './source-file';

export function emitAccess(manifest: Manifest): string {
  const file = newSourceFile('access.ts');
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './settings', namedImports: ['LocalText'] });
  file.addTypeAlias({
    isExported: true,
    name: 'AccessKey',
    type: stringUnion(manifest.accessKeys.map((entry) => entry.key)),
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: 'accessKeys',
        type: 'readonly AccessKey[]',
        initializer: literal(manifest.accessKeys.map((entry) => entry.key)),
      },
    ],
  });
  file.addInterface({
    isExported: true,
    name: 'AccessKeyInfo',
    properties: [
      { name: 'key', type: 'AccessKey', isReadonly: true },
      { name: 'label', type: 'LocalText', isReadonly: true },
      {
        name: 'parent',
        type: 'AccessKey | null',
        isReadonly: true,
        docs: ['The key it sits under in the role editor tree.'],
      },
    ],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: 'accessKeyInfos',
        type: 'readonly AccessKeyInfo[]',
        initializer: literal(
          manifest.accessKeys.map(({ key, label, parent }) => ({ key, label, parent: parent ?? null })),
        ),
      },
    ],
  });
  return file.getFullText();
}
