import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildManifestFile } from '../../build/built-files';
import { entryKey, staticClosure, type BuildManifest } from '../../build/chunk-graph';
import { routeSources } from '../../src/generated/route-sources';
import { appSettings } from '../../src/generated/settings';

/**
 * The `<link rel="modulepreload">` tags of each page path: the chunks its screen loads (the
 * layout's and the screen's, from the generated route sources) that the entry does not already
 * preload. Without them the browser learns of a screen's chunks only once the entry has run,
 * a second round of requests after seconds of evaluation on a slow machine. A build without a
 * manifest, or with a route source that is no chunk of its own, gets no extra tags for that path.
 */
export function pagePreloads(staticDir: string): Map<string, string> {
  let manifest: BuildManifest;
  try {
    manifest = JSON.parse(readFileSync(join(staticDir, buildManifestFile), 'utf8')) as BuildManifest;
  } catch {
    return new Map();
  }
  const entry = staticClosure(manifest, entryKey(manifest));
  const tags = new Map<string, string>();
  for (const [path, sources] of Object.entries(routeSources)) {
    const files = new Set<string>();
    for (const source of sources) {
      if (!manifest[source]) continue;
      for (const file of staticClosure(manifest, source)) if (!entry.has(file)) files.add(file);
    }
    // The same form as the entry's own tags, so the module map matches what the preload fetched.
    const links = [...files].map(
      (file) => `<link rel="modulepreload" crossorigin href="${appSettings.publicPath}${file}">`,
    );
    tags.set(path, links.join(''));
  }
  return tags;
}
