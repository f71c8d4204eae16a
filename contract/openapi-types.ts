/** The slice of an OpenAPI 3.1 document the server reads; everything else is carried through untouched. */
export type JsonSchema = Record<string, unknown>;

export type SecurityRequirement = Record<string, string[]>;

export interface ParameterObject {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path' | 'cookie';
  readonly required?: boolean;
  readonly schema?: JsonSchema;
  /**
   * How a list operation's query parameter filters the field of the same name (or the field named by
   * `x-field`): `contains`, `equals`, or one end of a range, `from` (≥) and `to` (≤).
   */
  readonly 'x-filter'?: 'contains' | 'equals' | 'from' | 'to';
  /** The field a range bound (`x-filter: from | to`) filters, as `timeFrom` / `timeTo` filter `time`. */
  readonly 'x-field'?: string;
}

/** A parameter written once under components.parameters and used by `$ref`. */
export interface ReferenceObject {
  readonly $ref: string;
}

/** How one part of a multipart body is sent: its allowed media types and, ours, its byte limit. */
export interface EncodingObject {
  readonly contentType?: string;
  readonly 'x-max-bytes'?: number;
  /** On a JSON part: its property the stored file's id fills (see the server's JsonPartSpec). */
  readonly 'x-file-id'?: string;
}

export interface RequestBodyObject {
  readonly required?: boolean;
  readonly content?: Record<
    string,
    { readonly schema?: JsonSchema; readonly encoding?: Record<string, EncodingObject> }
  >;
}

export interface OperationObject {
  readonly operationId?: string;
  readonly summary?: string;
  readonly security?: SecurityRequirement[];
  readonly parameters?: (ParameterObject | ReferenceObject)[];
  readonly requestBody?: RequestBodyObject;
  readonly responses?: Record<string, unknown>;
  readonly 'x-access'?: string;
  /** `anyone` (no session) or `signed-in` (any signed-in user): an operation open without a key. */
  readonly 'x-open'?: string;
  /** false: calls are not written to the operation log (an AI server's frequent reports). */
  readonly 'x-oplog'?: boolean;
  /** The subprotocol of an operation served over a WebSocket (its GET upgraded). */
  readonly 'x-websocket'?: string;
}

export interface SecuritySchemeObject {
  readonly type: string;
  readonly in?: string;
  readonly name?: string;
  /** The session token's prefix when a WebSocket offers it as a subprotocol (no headers there). */
  readonly 'x-session-subprotocol-prefix'?: string;
}

export interface OpenApiDocument {
  readonly servers?: { readonly url: string }[];
  readonly security?: SecurityRequirement[];
  readonly paths?: Record<string, Record<string, unknown>>;
  readonly components?: {
    readonly schemas?: Record<string, JsonSchema>;
    readonly securitySchemes?: Record<string, SecuritySchemeObject>;
    readonly responses?: Record<string, unknown>;
    readonly parameters?: Record<string, ParameterObject>;
  };
}
