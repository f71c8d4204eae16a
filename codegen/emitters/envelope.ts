import { componentSchemas } from '../../contract/document';

const successSchema = 'EmptyEnvelope';
const failureSchema = 'ErrorEnvelope';

/**
 * The `{ success, code, msg, data }` envelope as openapi.yaml states it, once for the server that
 * answers it and the console that reads it (type-only: nothing here runs).
 */
export function emitEnvelope(openapi: unknown): string {
  const schemas = componentSchemas(openapi);
  for (const name of [successSchema, failureSchema]) {
    if (!(name in schemas))
      throw new Error(`openapi.yaml has no components.schemas.${name} for the envelope`);
  }
  return `import type { components } from './openapi';

/** A call that succeeded: any of the contract's \`*Envelope\` schemas, each with its own \`data\`. */
export type SuccessEnvelope<T> = Omit<components['schemas']['${successSchema}'], 'data'> & {
  readonly data: T;
};

/** A call that failed: its business code, the cause in \`msg\`, field messages in \`data.errors\`. */
export type FailureEnvelope = components['schemas']['${failureSchema}'];

/** The \`{ success, code, msg, data }\` answer of every \`/cfop\` call. */
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;
`;
}
