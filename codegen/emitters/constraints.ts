import { VariableDeclarationKind } from 'ts-morph';
import { literal } from '../literal';
import { componentSchemas, isObject } from '../../contract/document';
import { newSourceFile } from './source-file';

const ruleFields = ['minLength', 'maxLength', 'pattern'] as const;

/** Named string schemas that carry a length or pattern, so forms never retype them. */
function stringRules(openapi: unknown): Record<string, Record<string, unknown>> {
  const rules: Record<string, Record<string, unknown>> = {};
  for (const [name, schema] of Object.entries(componentSchemas(openapi))) {
    if (!isObject(schema) || schema.type !== 'string') continue;
    if (!ruleFields.some((field) => schema[field] !== undefined)) continue;
    const rule: Record<string, unknown> = {};
    for (const field of ruleFields) {
      if (schema[field] !== undefined) rule[field] = schema[field];
    }
    // Block-style YAML descriptions end in a newline that no form wants to show.
    if (typeof schema.description === 'string') rule.description = schema.description.trim();
    rules[name] = rule;
  }
  return rules;
}

export function emitConstraints(openapi: unknown): string {
  const file = newSourceFile('constraints.ts');
  file.addInterface({
    isExported: true,
    name: 'StringRule',
    properties: [
      { name: 'minLength', type: 'number', hasQuestionToken: true, isReadonly: true },
      { name: 'maxLength', type: 'number', hasQuestionToken: true, isReadonly: true },
      { name: 'pattern', type: 'string', hasQuestionToken: true, isReadonly: true },
      { name: 'description', type: 'string', hasQuestionToken: true, isReadonly: true },
    ],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: 'stringRules',
        initializer: `${literal(stringRules(openapi))} as const satisfies Record<string, StringRule>`,
      },
    ],
  });
  return file.getFullText();
}
