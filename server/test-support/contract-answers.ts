import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { JsonSchema } from '../../contract/openapi-types';
import type { Contract, OperationSpec, ResponseSpec } from '../contract/load-contract';
import { createSchemaCompiler } from '../contract/schema-compiler';
import type { OperationOf } from '../observability/operation-names';

/** An answer as the check reads it: what was asked and what came back. */
export interface Answer {
  /** The contract's operation the server routed the request to; null for any other route, or none. */
  readonly operation: OperationSpec | null;
  readonly method: string;
  /** The request's URL, query included. */
  readonly url: string;
  readonly status: number;
  readonly contentType: string | undefined;
  /** The body as text; undefined when it was left a stream. */
  readonly text: string | undefined;
}

/** What is wrong with an answer, or null for one the contract allows (or does not speak of). */
export type AnswerCheck = (answer: Answer) => string | null;

/**
 * Checks answers against openapi.yaml. Checked are the answers of the contract's operations; any
 * other (an unknown route's 404, the console's files, /metrics, a HEAD) is not the contract's to
 * judge. Such an answer's status must be declared
 * (exactly, as `4XX`, or by `default`), its media type one the declared response lists, and a JSON
 * body must match that media type's schema, the error envelope included. A body-less 204 or 304 has
 * nothing to check.
 */
export function contractAnswerCheck(contract: Contract): AnswerCheck {
  const validatorOf = schemaValidators(contract);
  return (answer) => {
    const { operation } = answer;
    if (!operation) return null;
    const path = answer.url.split('?')[0] ?? '';
    const problem = answerProblem(operation, answer, validatorOf);
    return (
      problem && `${operation.operationId} (${answer.method} ${path}) answered ${answer.status}: ${problem}`
    );
  };
}

function answerProblem(
  operation: OperationSpec,
  answer: Answer,
  validatorOf: (schema: JsonSchema) => ValidateFunction,
): string | null {
  const declared = declaredResponse(operation, answer.status);
  if (!declared) {
    const statuses = Object.keys(operation.responses).join(', ');
    return `openapi.yaml does not declare that status (it declares ${statuses})`;
  }
  if (answer.text === '' && (answer.status === 204 || answer.status === 304)) return null;
  const declaredTypes = Object.keys(declared.content);
  if (declaredTypes.length === 0) return answer.text ? 'it has a body, openapi.yaml declares none' : null;
  const mediaType = (answer.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const declaredType = declaredTypes.find((type) => mediaTypeMatches(type, mediaType));
  if (declaredType === undefined)
    return `its content type is ${mediaType || 'not set'}, openapi.yaml declares ${declaredTypes.join(', ')}`;
  const schema = declared.content[declaredType];
  if (declaredType !== 'application/json' || !schema || answer.text === undefined) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `its body is not JSON: ${answer.text.slice(0, 80)}`;
  }
  const validate = validatorOf(schema);
  return validate(body)
    ? null
    : `its body breaks the response schema: ${schemaErrors(validate.errors ?? [])}`;
}

/** The response declared for a status: the exact code, then its range (`4XX`), then `default`. */
function declaredResponse(operation: OperationSpec, status: number): ResponseSpec | undefined {
  const { responses } = operation;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

function mediaTypeMatches(declared: string, actual: string): boolean {
  if (declared === '*/*' || declared === actual) return true;
  return declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1));
}

/** Each error as the path in the body, the message and the schema keyword that refused it. */
function schemaErrors(errors: readonly ErrorObject[]): string {
  return errors
    .map((error) => `${error.instancePath || '/'} ${error.message ?? 'is refused'} (${error.schemaPath})`)
    .join('; ');
}

/** One validator per schema for the process: the contract and its compiler are shared by every app. */
function schemaValidators(contract: Contract): (schema: JsonSchema) => ValidateFunction {
  const compile = createSchemaCompiler(contract, { coerceTypes: false });
  const validators = new Map<JsonSchema, ValidateFunction>();
  return (schema) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  };
}

/** An answer that breaks openapi.yaml, thrown where the test asked for it. */
export class ContractAnswerError extends Error {
  override name = 'ContractAnswerError';
}

/**
 * Makes every `app.inject` of a test app check its answer: the tests' helpers (callOperation,
 * sendRequest) and the tests that inject directly (uploads, raw bodies) all go through it, so no
 * answer of an operation escapes. The instance's own method is replaced, as a test's app is built
 * by createApp and its callers hold the instance. The operation of each request is the one the
 * server's router reached, found as the server's own metrics and log find it (`operationOf`): a
 * hook records it, so it must be added before the app is ready.
 */
export function checkAnswersOf(app: FastifyInstance, operationOf: OperationOf, check: AnswerCheck): void {
  const routed = new WeakMap<object, OperationSpec | null>();
  app.addHook('onRequest', async (request) => {
    routed.set(request.raw, operationOf(request));
  });
  const inject = app.inject.bind(app);
  const checkedInject = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const problem = check({
      // A request refused before routing (a malformed URL) reached no operation.
      operation: routed.get(response.raw.req) ?? null,
      method: response.raw.req.method ?? 'GET',
      url: response.raw.req.url ?? '/',
      status: response.statusCode,
      contentType: response.headers['content-type']?.toString(),
      text: response.rawPayload?.toString('utf8'),
    });
    if (problem) throw new ContractAnswerError(problem);
    return response;
  };
  app.inject = checkedInject as unknown as FastifyInstance['inject'];
}
