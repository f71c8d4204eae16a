import type { components } from '../generated/openapi';

// The envelope as openapi.yaml states it; the server answers it and the console reads it, so both
// import these types (type-only: nothing here runs).

/** A call that succeeded: any of the contract's `*Envelope` schemas, each with its own `data`. */
export type SuccessEnvelope<T> = Omit<components['schemas']['EmptyEnvelope'], 'data'> & {
  readonly data: T;
};

/** A call that failed: its business code, the cause in `msg`, field messages in `data.errors`. */
export type FailureEnvelope = components['schemas']['ErrorEnvelope'];

/** The `{ success, code, msg, data }` answer of every `/cfop` call. */
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;
