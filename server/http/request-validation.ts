import type { ValidateFunction } from 'ajv';
import {
  SESSION_SCHEME,
  type Contract,
  type OperationSpec,
  type UploadSpec,
} from '../contract/load-contract';
import type { JsonSchema, ParameterObject } from '../../contract/openapi-types';
import type { SchemaCompiler } from '../contract/schema-compiler';
import { badInput, type FieldProblem } from '../kernel/api-error';
import { describeAjvErrors, type ValueLocation } from '../kernel/validation-messages';

export interface RequestParts {
  readonly headers: Record<string, unknown>;
  readonly query: unknown;
  readonly params: unknown;
  readonly body: unknown;
}

/** Returns every problem with the request; query and path values are coerced to their schema types in place. */
export type RequestValidator = (request: RequestParts) => FieldProblem[];

export interface SchemaCompilers {
  /** For JSON bodies: types must match exactly. */
  readonly exact: SchemaCompiler;
  /** For headers, query and path values, which arrive as strings. */
  readonly coercing: SchemaCompiler;
}

/** apiKey schemes carry no schema; this bounds the client headers a session row stores. */
const clientHeaderSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 200 };

const noBody: FieldProblem = {
  field: 'body',
  message: { zh: '此接口不接受请求体', en: 'this operation takes no body' },
};
const missingBody: FieldProblem = { field: 'body', message: { zh: '必填', en: 'is required' } };

export function createRequestValidator(
  operation: OperationSpec,
  contract: Contract,
  compilers: SchemaCompilers,
): RequestValidator {
  const headers = headerValidator(operation, contract, compilers.coercing);
  const query = parameterValidator(operation.parameters, 'query', compilers.coercing);
  const path = parameterValidator(operation.parameters, 'path', compilers.coercing);
  const body = operation.requestBody && compilers.exact(operation.requestBody.schema);
  const bodyRequired = operation.requestBody?.required === true;

  return (request) => {
    const problems = [...headers(request.headers), ...query(request.query), ...path(request.params)];
    // An upload's multipart body is checked as it streams in (receiveUpload), not here.
    if (operation.upload) return problems;
    if (request.body === undefined) {
      if (bodyRequired) problems.push(missingBody);
    } else if (!body) {
      problems.push(noBody);
    } else {
      problems.push(...check(body, request.body, { prefix: '', rootName: 'body' }));
    }
    return problems;
  };
}

/** What the JSON parts of an upload hold, by part name, once each is valid against its schema. */
export type JsonParts = Readonly<Record<string, unknown>>;

const notJson = (field: string): FieldProblem => ({
  field,
  message: { zh: '不是合法的 JSON', en: 'is not valid JSON' },
});

/**
 * Checks an upload's JSON parts (the texts receiveUpload read) against their schemas: every
 * problem in one 400, each field named under its part (`alert.cameraId`).
 */
export function createJsonPartsValidator(upload: UploadSpec, compile: SchemaCompiler) {
  const parts = upload.jsonParts.map((part) => ({ ...part, validate: compile(part.schema) }));
  return (texts: Readonly<Record<string, string>>): JsonParts => {
    const problems: FieldProblem[] = [];
    const values: Record<string, unknown> = {};
    for (const { name, required, validate } of parts) {
      const text = texts[name];
      if (text === undefined) {
        if (required) problems.push({ field: name, message: { zh: '必填', en: 'is required' } });
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        problems.push(notJson(name));
        continue;
      }
      problems.push(...check(validate, value, { prefix: `${name}.`, rootName: name }));
      values[name] = value;
    }
    if (problems.length > 0) throw badInput(problems);
    return values;
  };
}

function headerValidator(operation: OperationSpec, contract: Contract, compile: SchemaCompiler) {
  const declared = [
    ...operation.securitySchemes
      .filter((scheme) => scheme !== SESSION_SCHEME)
      .map((scheme) => ({
        name: contract.headerSchemes[scheme] ?? scheme,
        required: true,
        schema: clientHeaderSchema,
      })),
    ...operation.parameters
      .filter((p) => p.in === 'header')
      .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} })),
  ];
  const displayNames = Object.fromEntries(declared.map((h) => [h.name.toLowerCase(), h.name]));
  const validate = compile({
    type: 'object',
    properties: Object.fromEntries(declared.map((h) => [h.name.toLowerCase(), h.schema])),
    required: declared.filter((h) => h.required).map((h) => h.name.toLowerCase()),
  });
  return (value: unknown) => check(validate, value, { prefix: 'header.', rootName: 'headers', displayNames });
}

function parameterValidator(
  parameters: readonly ParameterObject[],
  where: 'query' | 'path',
  compile: SchemaCompiler,
) {
  const declared = parameters.filter((p) => p.in === where);
  const validate = compile({
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(declared.map((p) => [p.name, p.schema ?? {}])),
    required: declared.filter((p) => p.required === true || where === 'path').map((p) => p.name),
  });
  return (value: unknown) => check(validate, value ?? {}, { prefix: `${where}.`, rootName: where });
}

function check(validate: ValidateFunction, value: unknown, location: ValueLocation): FieldProblem[] {
  return validate(value) ? [] : describeAjvErrors(validate.errors ?? [], location);
}
