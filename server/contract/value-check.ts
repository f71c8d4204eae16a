import type { ValidateFunction } from 'ajv';
import type { FieldProblem } from '../kernel/api-error';
import { bilingual } from '../kernel/locale';
import { describeAjvErrors } from '../kernel/validation-messages';
import type { Contract } from './load-contract';
import { createSchemaCompiler } from './schema-compiler';

/** Checks one value against a named schema of components.schemas; problems name `field`. */
export type ValueCheck = (schemaName: string, value: unknown, field: string) => FieldProblem[];

/** For values that come from outside a request (environment, operator CLI) but obey the same rules. */
export function createValueCheck(contract: Contract): ValueCheck {
  const compile = createSchemaCompiler(contract, { coerceTypes: false });
  const validators = new Map<string, ValidateFunction>();
  return (schemaName, value, field) => {
    let validate = validators.get(schemaName);
    if (!validate) {
      validate = compile({ $ref: `#/components/schemas/${schemaName}` });
      validators.set(schemaName, validate);
    }
    return validate(value) ? [] : describeAjvErrors(validate.errors ?? [], { prefix: '', rootName: field });
  };
}

/** Bad operator input: one line per problem, Chinese first. */
export class InvalidValuesError extends Error {
  override name = 'InvalidValuesError';

  constructor(readonly problems: readonly FieldProblem[]) {
    super(
      problems
        .map((p) => bilingual({ zh: `${p.field}：${p.message.zh}`, en: `${p.field}: ${p.message.en}` }))
        .join('\n'),
    );
  }
}

export function assertNoProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw new InvalidValuesError(problems);
}
