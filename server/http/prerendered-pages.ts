import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prerenderedPagesFile } from '../../build/built-files';

/**
 * The pages a build rendered as HTML (the sign-in page), by path: markup the console's screen
 * takes over from once its script runs. A build without them answers those paths as any other.
 */
export function prerenderedPages(staticDir: string): Map<string, string> {
  let pages: unknown;
  try {
    pages = JSON.parse(readFileSync(join(staticDir, prerenderedPagesFile), 'utf8'));
  } catch {
    return new Map();
  }
  if (typeof pages !== 'object' || pages === null) return new Map();
  return new Map(
    Object.entries(pages).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
