import { join } from 'node:path';

/** Screenshots and the server log of the last e2e run (gitignored). */
export const artifactsDir = '.e2e-artifacts';

export function artifactPath(fileName: string): string {
  return join(artifactsDir, fileName);
}
