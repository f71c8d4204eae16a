/** The part of Vite's build manifest (build.manifest: true) that the budget check and the server's page read. */
export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}
export type BuildManifest = Readonly<Record<string, ManifestChunk>>;

/**
 * The JS files the browser must fetch before a chunk can run: the chunk and everything it
 * imports statically, transitively. Dynamic imports are left out on purpose: they are
 * fetched only when their route is opened, and are counted for that route.
 */
export function staticClosure(manifest: BuildManifest, key: string): Set<string> {
  return closure(manifest, key, false);
}

/** Everything a chunk may ever fetch, lazy imports included. */
export function fullClosure(manifest: BuildManifest, key: string): Set<string> {
  return closure(manifest, key, true);
}

function closure(manifest: BuildManifest, key: string, followDynamic: boolean): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (k: string): void => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`build manifest has no chunk "${k}"`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
    if (followDynamic) for (const dep of chunk.dynamicImports ?? []) visit(dep);
  };
  visit(key);
  return files;
}

export function entryKey(manifest: BuildManifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  const [only, ...rest] = entries;
  if (!only || rest.length > 0) throw new Error(`expected one entry chunk, found ${entries.length}`);
  return only[0];
}

/** The manifest key of a source module that Vite emitted as its own dynamic chunk. */
export function dynamicKeyOf(manifest: BuildManifest, source: string): string {
  const chunk = manifest[source];
  if (!chunk?.isDynamicEntry) throw new Error(`${source} is not a lazily loaded chunk in the build`);
  return source;
}

export function union(...sets: ReadonlySet<string>[]): Set<string> {
  const all = new Set<string>();
  for (const s of sets) for (const f of s) all.add(f);
  return all;
}

export function difference(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  return new Set([...a].filter((f) => !b.has(f)));
}
