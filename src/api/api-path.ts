import type { paths } from '../generated/openapi';

/** The path parameters of one of openapi.yaml's paths, as it types them; never when it has none. */
type PathParameters<P extends keyof paths> = paths[P]['parameters'] extends { path: infer T } ? T : never;

/**
 * A `/cfop` path for a request openapi-fetch does not make (a media player's or a socket's own
 * request, a file's bytes), built from its template in openapi.yaml: a renamed path or parameter
 * fails the type check instead of a player at run time. Each value is URL-encoded.
 */
export function apiPath<P extends keyof paths>(
  template: P,
  ...parameters: [PathParameters<P>] extends [never] ? [] : [PathParameters<P>]
): string {
  const values = (parameters[0] ?? {}) as Record<string, string | number>;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
