import type { FastifyRequest } from 'fastify';
import type { Contract, OperationSpec } from '../../contract/load-contract';
import { badInput, type FieldProblem } from '../../kernel/api-error';
import { mustBeJson } from '../json-body';
import { createRequestValidator, type SchemaCompilers } from '../request-validation';

const jsonOnly: FieldProblem = { field: 'body', message: mustBeJson };

/**
 * preValidation, once the body is parsed: headers, query, path and body against the contract, every
 * problem in one 400 (query and path values coerced to their types in place). A multipart body
 * reaches here unparsed; only an upload takes one, and its file is checked as it streams in
 * (receiveFile), after this.
 */
export function validateRequest(operation: OperationSpec, contract: Contract, compilers: SchemaCompilers) {
  const validate = createRequestValidator(operation, contract, compilers);
  return async (request: FastifyRequest): Promise<void> => {
    const { headers, query, params, body } = request;
    // Any operation but an upload refuses a multipart body as not JSON, whatever its parts hold.
    const sentFile = !operation.upload && request.isMultipart();
    const problems = sentFile
      ? [...validate({ headers, query, params, body: undefined }).filter((p) => p.field !== 'body'), jsonOnly]
      : validate({ headers, query, params, body });
    if (problems.length > 0) throw badInput(problems);
  };
}
