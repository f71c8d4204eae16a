import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ContractError } from '../../contract/contract-error';
import {
  deref,
  isParameterObject,
  operationsIn,
  parametersOf,
  schemaAt,
  type OperationAt,
} from '../../contract/document';
import { readOperationAccess, type OperationAccess } from '../../contract/operation-access';
import type {
  JsonSchema,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  SecurityRequirement,
} from '../../contract/openapi-types';
import { parseContract } from '../../contract/read-contract';
import { sessionSubprotocolPrefix, socketProtocolOf } from '../../contract/socket-protocols';
import type { ResourceDeclaration } from '../../contract/x-resource';
import { readBilingual, type LocalText } from '../kernel/locale';

export { INGEST_KEY_SCHEME, SESSION_SCHEME, type OperationAccess } from '../../contract/operation-access';
/** The client headers' schemes: checked like input, and recorded on each session. */
export const CLIENT_TYPE_SCHEME = 'clientType';
export const CLIENT_HOST_SCHEME = 'clientHost';

export const defaultOpenApiPath = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

/** The methods the server routes; TRACE is Fastify's to answer, never the contract's. */
type ServedMethod = Exclude<OperationAt['method'], 'trace'>;
type ServedOperation = OperationAt & { readonly method: ServedMethod };
const isServed = (at: OperationAt): at is ServedOperation => at.method !== 'trace';

export interface OperationSpec {
  readonly operationId: string;
  /** What the operation does, for people (the operation log's action): its `中文 / English` summary. */
  readonly summary: LocalText;
  readonly method: Uppercase<ServedMethod>;
  /** The route as Fastify knows it: base path plus the OpenAPI path with `{id}` turned into `:id`. */
  readonly url: string;
  /** Scheme names of the operation's one effective security requirement. */
  readonly securitySchemes: readonly string[];
  /** Who may call it: exactly one declaration per operation, or the contract does not load. */
  readonly access: OperationAccess;
  /**
   * `x-oplog: false` keeps the operation's calls out of the operation log, `x-oplog: true` logs a
   * read as well (an export of evidence); by default every call but a read is logged (see
   * isLoggedOperation).
   */
  readonly oplog: 'never' | 'changes' | 'always';
  readonly parameters: readonly ParameterObject[];
  /** A JSON body; null for an operation without one and for an upload (see `upload`). */
  readonly requestBody: { readonly schema: JsonSchema; readonly required: boolean } | null;
  /** A `multipart/form-data` body carrying one file (and JSON parts): what it may hold, stated once in openapi.yaml. */
  readonly upload: UploadSpec | null;
  /** What it may answer, by status code as openapi.yaml writes it (`200`, `4XX`, `default`), each `$ref` resolved. */
  readonly responses: Readonly<Record<string, ResponseSpec>>;
  /** The subprotocol of an operation served over a WebSocket (`x-websocket`); null for the others. */
  readonly socket: string | null;
}

/** One declared answer: its body's schema by media type (`image/*` too), null for a body left unsaid. */
export interface ResponseSpec {
  readonly content: Readonly<Record<string, JsonSchema | null>>;
}

/**
 * An upload operation's one file part: the property of its multipart schema whose `encoding` names
 * the accepted media types (`contentType`, checked against the file's first bytes) and `x-max-bytes`.
 */
export interface UploadSpec {
  readonly field: string;
  readonly contentTypes: readonly string[];
  readonly maxBytes: number;
  /** The body's other parts: each an encoding entry of `contentType: application/json`. */
  readonly jsonParts: readonly JsonPartSpec[];
}

/**
 * A JSON part sent beside the file, checked against its property of the multipart schema. With
 * `x-file-id: <property>` the stored file's id fills that property of the part's schema (the
 * snapshot of an alert sent with it), so the part leaves it out: the server names the file.
 */
export interface JsonPartSpec {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
  readonly fileIdProperty: string | null;
}

export interface Contract {
  /** openapi.yaml with its `x-resource` declarations expanded. */
  readonly document: OpenApiDocument;
  /** The `x-resource` declarations: which operationIds serve each declared resource. */
  readonly resources: readonly ResourceDeclaration[];
  readonly basePath: string;
  readonly operations: readonly OperationSpec[];
  /** components.schemas.AccessKey.enum, in file order. */
  readonly accessKeys: readonly string[];
  /** apiKey header schemes: scheme name → header name as written in the contract. */
  readonly headerSchemes: Readonly<Record<string, string>>;
  /** The prefix of the subprotocol a WebSocket offers its session token as. */
  readonly sessionSubprotocolPrefix: string;
}

/**
 * The contracts read last, by their text: a process starting many apps on one openapi.yaml (the
 * tests) parses it once, and they share one contract, whose compiled schemas (schema-compiler.ts)
 * then serve them all. A changed file is read afresh; a few are kept, not every one ever read.
 */
const loaded = new Map<string, Contract>();
const keptContracts = 4;

export function loadContract(openApiPath: string = defaultOpenApiPath): Contract {
  const text = readFileSync(openApiPath, 'utf8');
  const contract = loaded.get(text) ?? readContract(text);
  // Newest last, so the first is the one used longest ago.
  loaded.delete(text);
  loaded.set(text, contract);
  const [oldest] = loaded.keys();
  if (loaded.size > keptContracts && oldest !== undefined) loaded.delete(oldest);
  return contract;
}

function readContract(text: string): Contract {
  const { document, resources } = parseContract(text);
  const headerSchemes = readHeaderSchemes(document);
  const accessKeys = readAccessKeys(document);
  const operations = operationsIn(document)
    .filter(isServed)
    .map((at) => readOperation(document, at));
  for (const operation of operations) checkOperation(operation, headerSchemes, accessKeys);
  return {
    document,
    resources,
    basePath: document.servers?.[0]?.url ?? '',
    operations,
    accessKeys,
    headerSchemes,
    sessionSubprotocolPrefix: sessionSubprotocolPrefix(document),
  };
}

function readHeaderSchemes(document: OpenApiDocument): Record<string, string> {
  const schemes = document.components?.securitySchemes ?? {};
  return Object.fromEntries(
    Object.entries(schemes)
      .filter(([, scheme]) => scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name)
      .map(([schemeName, scheme]) => [schemeName, scheme.name as string]),
  );
}

function readAccessKeys(document: OpenApiDocument): string[] {
  const values = document.components?.schemas?.AccessKey?.enum;
  if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) {
    throw new ContractError('openapi.yaml: components.schemas.AccessKey.enum must be a list of strings');
  }
  return values;
}

function readOperation(document: OpenApiDocument, at: ServedOperation): OperationSpec {
  const { path, method } = at;
  const operation: OperationObject = at.operation;
  const where = `${method.toUpperCase()} ${path}`;
  if (!operation.operationId) throw new ContractError(`openapi.yaml: ${where} has no operationId`);
  const securitySchemes = readSecurity(operation.security ?? document.security ?? [], where);
  const responses = readResponses(document, operation);
  return {
    operationId: operation.operationId,
    summary: readSummary(operation, where),
    method: method.toUpperCase() as OperationSpec['method'],
    url: (document.servers?.[0]?.url ?? '') + path.replace(/\{([^}]+)\}/g, ':$1'),
    securitySchemes,
    access: readAccess(operation, securitySchemes, where),
    oplog: operation['x-oplog'] === undefined ? 'changes' : operation['x-oplog'] ? 'always' : 'never',
    parameters: readParameters(document, at, where),
    requestBody: readRequestBody(operation, where),
    upload: readUpload(document, operation, where),
    responses,
    socket: socketProtocolOf(operation, where),
  };
}

function readAccess(operation: OperationObject, schemes: readonly string[], where: string): OperationAccess {
  const read = readOperationAccess({ xAccess: operation['x-access'], xOpen: operation['x-open'], schemes });
  if ('problem' in read) {
    throw new ContractError(`openapi.yaml: operation ${operation.operationId} (${where}) ${read.problem}`);
  }
  return read.access;
}

function readSummary(operation: OperationObject, where: string): LocalText {
  const summary = readBilingual(operation.summary ?? '');
  if (!summary) {
    throw new ContractError(
      `openapi.yaml: ${where} (${operation.operationId}) needs a summary in the form "中文 / English"`,
    );
  }
  return summary;
}

/** The path item's and the operation's parameters, each `$ref` resolved; a dangling one stops the load. */
function readParameters(document: OpenApiDocument, at: OperationAt, where: string): ParameterObject[] {
  return parametersOf(document, at).map((parameter) => {
    if (!isParameterObject(parameter)) {
      throw new ContractError(
        `openapi.yaml: ${where} has a parameter without a name and place (a missing $ref?)`,
      );
    }
    return parameter;
  });
}

function readSecurity(requirements: SecurityRequirement[], where: string): string[] {
  // One alternative keeps "which headers are required" a plain list; the contract has no need for more.
  if (requirements.length > 1) {
    throw new ContractError(
      `openapi.yaml: ${where} lists ${requirements.length} security alternatives; the server supports one`,
    );
  }
  return Object.keys(requirements[0] ?? {});
}

function readRequestBody(operation: OperationObject, where: string): OperationSpec['requestBody'] {
  const body = operation.requestBody;
  if (!body || body.content?.[multipartType]) return null;
  const schema = body.content?.['application/json']?.schema;
  if (!schema)
    throw new ContractError(`openapi.yaml: ${where} has a request body without an application/json schema`);
  return { schema, required: body.required === true };
}

const multipartType = 'multipart/form-data';

function readUpload(document: OpenApiDocument, operation: OperationObject, where: string): UploadSpec | null {
  const media = operation.requestBody?.content?.[multipartType];
  if (!media) return null;
  const fail = (what: string): never => {
    throw new ContractError(`openapi.yaml: ${where} multipart/form-data ${what}`);
  };
  const entries = Object.entries(media.encoding ?? {});
  const files = entries.filter(([, encoding]) => encoding['x-max-bytes'] !== undefined);
  const [file] = files;
  if (files.length !== 1 || !file)
    return fail('needs exactly one encoding entry with x-max-bytes, the file part');
  const [field, encoding] = file;
  const contentTypes = (encoding.contentType ?? '')
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');
  const maxBytes = encoding['x-max-bytes'];
  if (contentTypes.length === 0) fail(`encoding.${field} needs a contentType`);
  if (typeof maxBytes !== 'number' || !Number.isInteger(maxBytes) || maxBytes < 1)
    fail(`encoding.${field} needs x-max-bytes, a positive integer`);
  const form = schemaAt(document, media.schema ?? {});
  const properties = (form.properties ?? {}) as Record<string, JsonSchema>;
  const required: unknown[] = Array.isArray(form.required) ? form.required : [];
  const jsonParts = entries
    .filter(([name]) => name !== field)
    .map(([name, part]): JsonPartSpec => {
      const property = properties[name];
      if (part.contentType !== 'application/json' || !property)
        fail(
          `encoding.${name}: a part beside the file must be a property of the schema sent as application/json`,
        );
      const fileIdProperty = part['x-file-id'] ?? null;
      return {
        name,
        schema:
          fileIdProperty === null
            ? (property as JsonSchema)
            : withoutProperty(document, property as JsonSchema, fileIdProperty),
        required: required.includes(name),
        fileIdProperty,
      };
    });
  return { field, contentTypes, maxBytes: maxBytes as number, jsonParts };
}

/** The object schema without `name`, neither required nor allowed: the server fills it in. */
function withoutProperty(document: OpenApiDocument, schema: JsonSchema, name: string): JsonSchema {
  const resolved = schemaAt(document, schema);
  const properties = Object.fromEntries(
    Object.entries((resolved.properties ?? {}) as Record<string, JsonSchema>).filter(([key]) => key !== name),
  );
  const required = Array.isArray(resolved.required)
    ? (resolved.required as unknown[]).filter((one) => one !== name)
    : [];
  return { ...resolved, properties, required };
}

function readResponses(document: OpenApiDocument, operation: OperationObject): Record<string, ResponseSpec> {
  return Object.fromEntries(
    Object.entries(operation.responses ?? {}).map(([status, response]) => {
      const content = deref(document, response).content as
        Record<string, { schema?: JsonSchema }> | undefined;
      const schemas = Object.entries(content ?? {}).map(([type, media]) => [type, media.schema ?? null]);
      return [status, { content: Object.fromEntries(schemas) }];
    }),
  );
}

function checkOperation(
  operation: OperationSpec,
  headerSchemes: Record<string, string>,
  accessKeys: readonly string[],
): void {
  const where = `openapi.yaml: operation ${operation.operationId}`;
  for (const scheme of operation.securitySchemes) {
    if (!(scheme in headerSchemes))
      throw new ContractError(`${where} uses security scheme ${scheme}, which is not an apiKey header`);
  }
  const { access } = operation;
  if (access.kind === 'key' && !accessKeys.includes(access.key)) {
    throw new ContractError(
      `${where} has x-access ${access.key}, which is not in components.schemas.AccessKey`,
    );
  }
  // A browser's socket carries a session token only; its upgrade is a GET.
  if (
    operation.socket !== null &&
    (operation.method !== 'GET' || !['key', 'signed-in'].includes(access.kind))
  ) {
    throw new ContractError(`${where} has x-websocket: it must be a GET for a signed-in user`);
  }
}
