/**
 * A camelCase or PascalCase name in snake_case: an underscore before each capital that follows a
 * lower-case letter or digit, all lower-cased (`aiServerId` → `ai_server_id`, `AiServer` →
 * `ai_server`, `fileSha256` → `file_sha256`; a run of capitals stays one word: `ingestURL` → `ingest_url`).
 */
export function snakeCase(name: string): string {
  return name.replace(/(?<=[a-z0-9])[A-Z]/g, (capital) => `_${capital}`).toLowerCase();
}

/** The table of a schema's items: its name in snake_case, plural (`ParkingLot` → `parking_lots`). */
export function tableOfSchema(schema: string): string {
  const singular = snakeCase(schema);
  if (/(s|x|z|ch|sh)$/.test(singular)) return `${singular}es`;
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}
