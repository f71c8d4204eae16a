/**
 * A file received whole, with what the `files` table records of it: in memory (`bytes`) when its
 * operation takes small files, else in the storage under `incomingKey` (files/.incoming/…), stored.
 */
export type ReceivedFile = {
  readonly name: string;
  readonly size: number;
  readonly sha256: string;
  readonly contentType: string;
} & ({ readonly bytes: Buffer } | { readonly incomingKey: string });
