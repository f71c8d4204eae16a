/** TypeScript source text that goes into a literal as is (an import call, an identifier). */
export class Code {
  constructor(readonly text: string) {}
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Renders plain data as a TypeScript expression; prettier gives it its final shape. */
export function literal(value: unknown): string {
  if (value instanceof Code) return value.text;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{ ${entries.map(([key, item]) => `${propertyName(key)}: ${literal(item)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

function propertyName(key: string): string {
  return identifier.test(key) ? key : JSON.stringify(key);
}

export function stringUnion(values: readonly string[]): string {
  return values.length === 0 ? 'never' : values.map((value) => JSON.stringify(value)).join(' | ');
}
