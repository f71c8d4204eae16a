import { VariableDeclarationKind } from 'ts-morph';
import type { Inputs } from '../inputs';
import { literal } from '../literal';
import type { Manifest } from '../manifest';
import { resourceContext } from '../resource-context';
import type { FieldDescriptor } from '../../src/resources/descriptors';
import { resolveResource } from '../resources';
import { newSourceFile } from './source-file';

/** Only what a reader of stored values needs: the screens have their descriptors. */
function labelledField(field: FieldDescriptor): Record<string, unknown> {
  return {
    name: field.name,
    label: field.label,
    widget: field.widget,
    options:
      field.options === null
        ? undefined
        : Object.fromEntries(field.options.map((option) => [option.value, option.label])),
    referenceLabel: field.reference?.label,
  };
}

/**
 * Each manifest resource's field labels, keyed by its item schema, for the server: CSV headers and
 * cells and the operation log speak the manifest's words without the server reading screens.
 * Expects validated inputs.
 */
export function emitFieldLabels(inputs: Inputs): string {
  const manifest = inputs.manifest as Manifest;
  const context = resourceContext(inputs);
  const bySchema = Object.fromEntries(
    (manifest.resources ?? []).map((entry, index) => [
      entry.schema,
      resolveResource(entry, index, context).descriptor.fields.map(labelledField),
    ]),
  );

  const file = newSourceFile('field-labels.ts');
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './settings', namedImports: ['LocalText'] });
  file.addInterface({
    isExported: true,
    name: 'LabelledField',
    properties: [
      { name: 'name', type: 'string' },
      { name: 'label', type: 'LocalText' },
      { name: 'widget', type: 'string', docs: ['The manifest widget: how the value reads.'] },
      {
        name: 'options',
        type: 'Readonly<Record<string, LocalText>>',
        hasQuestionToken: true,
        docs: ['Enum values (of the field, or of its items) and their labels.'],
      },
      {
        name: 'referenceLabel',
        type: 'string',
        hasQuestionToken: true,
        docs: ['The item property carrying the referenced items’ label (labels, for many).'],
      },
    ].map((property) => ({ ...property, isReadonly: true })),
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['The fields of each manifest resource in manifest order, keyed by its openapi.yaml item schema.'],
    declarations: [
      {
        name: 'fieldLabels',
        initializer: `${literal(bySchema)} as const satisfies Readonly<Record<string, readonly LabelledField[]>>`,
      },
    ],
  });
  return file.getFullText();
}
