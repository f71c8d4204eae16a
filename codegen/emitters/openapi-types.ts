import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/** openapi-typescript's `paths`, `components` and `operations` types for openapi-fetch. */
export async function emitOpenapiTypes(openapi: unknown): Promise<string> {
  // A clone, because openapi-typescript annotates the document it is given.
  const nodes = await openapiTS(structuredClone(openapi) as OpenAPI3, { silent: true });
  return astToString(nodes);
}
