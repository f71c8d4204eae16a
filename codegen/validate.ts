import Ajv2020 from 'ajv/dist/2020';
import { manifestCrossChecks, openapiCrossChecks } from './cross-checks';
import { pointerOf, type Diagnostic } from './diagnostics';
import { handlerModuleProblems } from './handler-modules';
import { inputFiles, type Inputs } from './inputs';
import { resourceContext } from './resource-context';
import { resolveResource } from './resources';
import { schemaDiagnostics } from './schema-errors';
import type { Manifest } from './manifest';

/** Every problem in the inputs at once; empty when codegen may emit. */
export function validate(inputs: Inputs): Diagnostic[] {
  // verbose: the messages quote the offending value and the allowed properties.
  const ajv = new Ajv2020({ allErrors: true, verbose: true });
  const check = ajv.compile(inputs.schema);
  const schemaProblems = check(inputs.manifest)
    ? []
    : schemaDiagnostics(inputFiles.manifest, inputs.schema, check.errors ?? []);
  return [
    ...schemaProblems,
    ...manifestCrossChecks(inputs),
    ...openapiCrossChecks(inputs),
    ...resourceProblems(inputs, schemaProblems),
    ...handlerModuleProblems(inputs.handlerModules),
  ];
}

/**
 * The openapi.yaml checks of each resource whose shape passed the schema: they read the entry
 * as typed, and a malformed one is already reported.
 */
function resourceProblems(inputs: Inputs, schemaProblems: readonly Diagnostic[]): Diagnostic[] {
  const manifest = inputs.manifest as Partial<Manifest>;
  if (!Array.isArray(manifest.resources)) return [];
  const context = resourceContext(inputs);
  return manifest.resources.flatMap((entry, index) => {
    const at = pointerOf('resources', index);
    const malformed = schemaProblems.some(
      (problem) => problem.pointer === at || problem.pointer.startsWith(`${at}/`),
    );
    return malformed ? [] : resolveResource(entry, index, context).problems;
  });
}
