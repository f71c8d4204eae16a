import { isDeepStrictEqual } from 'node:util';
import {
  fieldDefaults,
  optionDefaults,
  actionDefaults,
  resourceDefaults,
  type ActionDescriptor,
  type FieldDescriptor,
} from '../../src/resources/descriptors';
import { descriptorTypes, resourceDescriptorFile, type Inputs } from '../inputs';
import { literal } from '../literal';
import type { Manifest } from '../manifest';
import { isObject } from '../../contract/document';
import { resourceContext } from '../resource-context';
import { resolveResource, type ResolvedResource } from '../resources';
import { newSourceFile } from './source-file';

/**
 * The module of each manifest resource, resolved against openapi.yaml: its descriptor holding only
 * what differs from the defaults of src/resources/descriptors.ts. One module per resource, so a
 * screen loads its own descriptor and no other. Expects validated inputs.
 */
export function emitResources(inputs: Inputs): Map<string, string> {
  const entries = (inputs.manifest as Manifest).resources ?? [];
  const context = resourceContext(inputs);
  return new Map(
    entries.map((entry, index) => [
      resourceDescriptorFile(entry.name),
      resourceModule(resolveResource(entry, index, context).descriptor),
    ]),
  );
}

function resourceModule(descriptor: ResolvedResource): string {
  const file = newSourceFile(`${descriptor.name}.ts`);
  file.addImportDeclaration({
    isTypeOnly: true,
    // One folder deeper than the modules importing from generated.
    moduleSpecifier: `../${descriptorTypes.importFromGenerated}`,
    namedImports: ['ResourceSource'],
  });
  file.addExportAssignment({
    isExportEquals: false,
    expression: `${literal(resourceSource(descriptor))} satisfies ResourceSource`,
  });
  return file.getFullText();
}

function resourceSource(descriptor: ResolvedResource): Record<string, unknown> {
  return withoutDefaults(
    {
      ...descriptor,
      fields: descriptor.fields.map(fieldSource),
      filters: descriptor.filters.map(fieldSource),
      actions: descriptor.actions.map(actionSource),
    },
    resourceDefaults,
  );
}

function fieldSource(field: FieldDescriptor): Record<string, unknown> {
  return withoutDefaults(
    { ...field, options: field.options?.map((option) => withoutDefaults(option, optionDefaults)) ?? null },
    fieldDefaults,
  );
}

function actionSource(action: ActionDescriptor): Record<string, unknown> {
  return withoutDefaults({ ...action, fields: action.fields.map(fieldSource) }, actionDefaults);
}

/** The keys of `value` that differ from `defaults`; an object of defaults is compared key by key. */
function withoutDefaults(value: object, defaults: object): Record<string, unknown> {
  const fallbacks: Readonly<Record<string, unknown>> = { ...defaults };
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]: [string, unknown]) => {
      const fallback = fallbacks[key];
      if (!(key in fallbacks)) return [[key, item]];
      if (isObject(fallback) && isObject(item)) {
        const rest = withoutDefaults(item, fallback);
        return Object.keys(rest).length === 0 ? [] : [[key, rest]];
      }
      return isDeepStrictEqual(item, fallback) ? [] : [[key, item]];
    }),
  );
}
