/** One problem in an input file, located by a JSON pointer into that file. */
export interface Diagnostic {
  readonly file: string;
  readonly pointer: string;
  readonly message: string;
}

export function formatDiagnostic({ file, pointer, message }: Diagnostic): string {
  return `${file}#${pointer}: ${message}`;
}

/** RFC 6901 pointer from path segments. */
export function pointerOf(...segments: readonly (string | number)[]): string {
  return segments
    .map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
}

/** A value quoted for a message: strings in double quotes, the rest as JSON. */
export function shown(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** One step of a JSON pointer: a property name or an array index. */
export type Segment = string | number;
