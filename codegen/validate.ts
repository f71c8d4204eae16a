import Ajv2020 from 'ajv/dist/2020';
import { manifestCrossChecks, openapiCrossChecks } from './cross-checks';
import type { Diagnostic } from './diagnostics';
import { inputFiles, type Inputs } from './inputs';
import { schemaDiagnostics } from './schema-errors';

/** Every problem in the inputs at once; empty when codegen may emit. */
export function validate(inputs: Inputs): Diagnostic[] {
  // verbose: the messages quote the offending value and the allowed properties.
  const ajv = new Ajv2020({ allErrors: true, verbose: true });
  const check = ajv.compile(inputs.schema);
  const schemaProblems = check(inputs.manifest)
    ? []
    : schemaDiagnostics(inputFiles.manifest, inputs.schema, check.errors ?? []);
  return [...schemaProblems, ...manifestCrossChecks(inputs), ...openapiCrossChecks(inputs)];
}
