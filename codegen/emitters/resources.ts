import { VariableDeclarationKind } from 'ts-morph';
import type { Inputs } from '../inputs';
import { literal, stringUnion } from '../literal';
import type { Manifest } from '../manifest';
import { resourceContext } from '../resource-context';
import { widgetNeeds } from '../resource-fields';
import { resolveResource } from '../resources';
import { newSourceFile } from './source-file';

const readonlyProperties = (properties: readonly { name: string; type: string; docs?: string[] }[]) =>
  properties.map((property) => ({ ...property, isReadonly: true }));

/** One descriptor per manifest resource, resolved against openapi.yaml. Expects validated inputs. */
export function emitResources(inputs: Inputs): string {
  const manifest = inputs.manifest as Manifest;
  const entries = manifest.resources ?? [];
  const context = resourceContext(inputs);
  const descriptors = entries.map((entry, index) => resolveResource(entry, index, context).descriptor);

  const file = newSourceFile('resources.ts');
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './access', namedImports: ['AccessKey'] });
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './settings', namedImports: ['LocalText'] });
  file.addTypeAlias({ isExported: true, name: 'Widget', type: stringUnion(Object.keys(widgetNeeds)) });
  file.addInterface({
    isExported: true,
    name: 'FieldOption',
    properties: readonlyProperties([
      { name: 'value', type: 'string' },
      { name: 'label', type: 'LocalText' },
      {
        name: 'color',
        type: 'string | null',
        docs: ['An antd Badge status: success, processing, default, error, warning.'],
      },
    ]),
  });
  file.addInterface({
    isExported: true,
    name: 'FieldUpload',
    properties: readonlyProperties([
      {
        name: 'operation',
        type: 'string',
        docs: ['The upload operationId (the kind of the files the field takes).'],
      },
      { name: 'path', type: 'string', docs: ['Where the file is POSTed as multipart/form-data.'] },
      { name: 'part', type: 'string', docs: ['The name of the multipart part carrying the file.'] },
      { name: 'download', type: 'string', docs: ['The GET serving a stored file: `path/{id}`.'] },
      {
        name: 'accept',
        type: 'readonly string[]',
        docs: ['Media types the server takes, read by their first bytes.'],
      },
      { name: 'maxBytes', type: 'number' },
    ]),
  });
  file.addInterface({
    isExported: true,
    name: 'FieldReference',
    properties: readonlyProperties([
      { name: 'resource', type: 'string' },
      {
        name: 'label',
        type: 'string',
        docs: ["The row property holding the referenced item's label (labels, for references)."],
      },
      {
        name: 'choices',
        type: 'string',
        docs: [
          "The path of the field's own resource's choices operation (ids and labels, asked with `field=<name>`), under that resource's key.",
        ],
      },
    ]),
  });
  file.addInterface({
    isExported: true,
    name: 'FieldDescriptor',
    properties: readonlyProperties([
      { name: 'name', type: 'string' },
      { name: 'label', type: 'LocalText' },
      { name: 'widget', type: 'Widget' },
      { name: 'table', type: 'boolean' },
      { name: 'search', type: 'boolean' },
      { name: 'form', type: 'boolean' },
      {
        name: 'createOnly',
        type: 'boolean',
        docs: ['In the create form only (a field of the create body that update does not take).'],
      },
      { name: 'detail', type: 'boolean' },
      { name: 'type', type: "'string' | 'integer' | 'number' | 'boolean' | 'array'" },
      {
        name: 'itemType',
        type: "'string' | 'integer' | null",
        docs: ["An array's item type; minLength, maxLength, pattern and options then apply to each item."],
      },
      { name: 'maxItems', type: 'number | null' },
      { name: 'required', type: 'boolean', docs: ['Required in the input schema (form).'] },
      { name: 'nullable', type: 'boolean' },
      { name: 'minLength', type: 'number | null' },
      { name: 'maxLength', type: 'number | null' },
      { name: 'pattern', type: 'string | null' },
      { name: 'minimum', type: 'number | null' },
      { name: 'maximum', type: 'number | null' },
      { name: 'format', type: 'string | null' },
      {
        name: 'options',
        type: 'readonly FieldOption[] | null',
        docs: ['Enum values in openapi order, labels from the manifest.'],
      },
      { name: 'sortable', type: 'boolean' },
      {
        name: 'filter',
        type: "'contains' | 'equals' | 'range' | null",
        docs: [
          "From the list parameter's x-filter; `range`: two parameters with `x-field: <name>` and x-filter from / to.",
        ],
      },
      {
        name: 'range',
        type: '{ readonly from: string; readonly to: string } | null',
        docs: ['For a range filter, the query parameters of its lower (≥) and upper (≤) bound.'],
      },
      {
        name: 'upload',
        type: 'FieldUpload | null',
        docs: [
          "For the image and file widgets: the upload operation named by the field's x-upload, its accepted types and x-max-bytes, and the GET serving a stored file by id.",
        ],
      },
      {
        name: 'reference',
        type: 'FieldReference | null',
        docs: ['For widgets reference and references: where the ids point.'],
      },
      { name: 'description', type: 'string | null' },
      {
        name: 'initial',
        type: 'string | number | boolean | null',
        docs: ["The input schema's default: what the create form starts with."],
      },
    ]),
  });
  file.addInterface({
    isExported: true,
    name: 'ActionDescriptor',
    properties: readonlyProperties([
      { name: 'name', type: 'string' },
      { name: 'label', type: 'LocalText' },
      { name: 'method', type: "'post' | 'put' | 'delete'" },
      { name: 'path', type: 'string' },
      { name: 'confirm', type: 'LocalText | null' },
      { name: 'showsSecret', type: 'boolean' },
      {
        name: 'when',
        type: 'Readonly<Record<string, readonly string[]>> | null',
        docs: ['Row field → the values it must hold for the action to show on that row; null: every row.'],
      },
      {
        name: 'fields',
        type: 'readonly FieldDescriptor[]',
        docs: ["The form the action opens, from its operation's request body; empty: no form."],
      },
    ]),
  });
  file.addInterface({
    isExported: true,
    name: 'ResourceDescriptor',
    properties: readonlyProperties([
      { name: 'name', type: 'string' },
      { name: 'title', type: 'LocalText' },
      { name: 'access', type: 'AccessKey' },
      { name: 'route', type: 'string' },
      {
        name: 'paths',
        type: '{ readonly collection: string; readonly item: string; readonly export: string | null; readonly bulkDelete: string | null }',
        docs: ["As in openapi.yaml, without the API base path: '/aiservers', '/aiservers/{id}'."],
      },
      {
        name: 'operations',
        type: '{ readonly list: boolean; readonly get: boolean; readonly create: boolean; readonly update: boolean; readonly delete: boolean; readonly bulkDelete: boolean; readonly export: boolean; readonly choices: boolean }',
      },
      { name: 'defaultSort', type: 'string | null', docs: ["The sort parameter's default."] },
      { name: 'pageSizeMax', type: 'number', docs: ["The pageSize parameter's maximum."] },
      { name: 'fields', type: 'readonly FieldDescriptor[]' },
      { name: 'actions', type: 'readonly ActionDescriptor[]' },
    ]),
  });
  file.addTypeAlias({
    isExported: true,
    name: 'ResourceName',
    type: stringUnion(entries.map((entry) => entry.name)),
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Manifest order.'],
    declarations: [
      {
        name: 'resources',
        type: 'Readonly<Record<ResourceName, ResourceDescriptor>>',
        initializer: literal(
          Object.fromEntries(descriptors.map((descriptor) => [descriptor.name, descriptor])),
        ),
      },
    ],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['The resource each resource route shows, by route path.'],
    declarations: [
      {
        name: 'resourceByRoute',
        type: 'Readonly<Record<string, ResourceName>>',
        initializer: literal(
          Object.fromEntries(descriptors.map((descriptor) => [descriptor.route, descriptor.name])),
        ),
      },
    ],
  });
  return file.getFullText();
}
