import { VariableDeclarationKind } from 'ts-morph';
import { literal, stringUnion } from '../literal';
import type { Manifest } from '../manifest';
import { newSourceFile } from './source-file';

export function emitSettings(manifest: Manifest): string {
  const file = newSourceFile('settings.ts');
  file.addInterface({
    isExported: true,
    name: 'LocalText',
    docs: ['A user-visible text: Chinese first, English beside it.'],
    properties: [
      { name: 'zh', type: 'string', isReadonly: true },
      { name: 'en', type: 'string', isReadonly: true },
    ],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: 'appSettings', initializer: `${literal(manifest.app)} as const` }],
  });
  file.addTypeAlias({
    isExported: true,
    name: 'ModuleValue',
    type: stringUnion(manifest.modules.map((module) => module.value)),
  });
  file.addInterface({
    isExported: true,
    name: 'ModuleOption',
    properties: [
      { name: 'value', type: 'ModuleValue', isReadonly: true },
      { name: 'label', type: 'LocalText', isReadonly: true },
    ],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: 'modules',
        type: 'readonly ModuleOption[]',
        initializer: literal(manifest.modules.map(({ value, label }) => ({ value, label }))),
      },
    ],
  });
  return file.getFullText();
}
