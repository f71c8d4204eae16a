import type { components } from '../generated/openapi';

export type LiveCamera = components['schemas']['LiveCamera'];
export type Grouping = 'area' | 'server';

export interface CameraGroup {
  /** Unique among groups: `area:<name>` or `server:<name>`. */
  readonly key: string;
  /** The area or AI server name; null for cameras without one. */
  readonly name: string | null;
  readonly cameras: readonly LiveCamera[];
  readonly online: number;
}

/**
 * The cameras whose name, code, area or AI server holds `text` (any case), all of them for blank
 * text: an operator finds one camera by its name, or a whole area by its name.
 */
export function matchingCameras(cameras: readonly LiveCamera[], text: string): readonly LiveCamera[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return cameras;
  return cameras.filter((camera) =>
    [camera.name, camera.code, camera.area, camera.aiServerName ?? ''].some((value) =>
      value.toLowerCase().includes(wanted),
    ),
  );
}

/**
 * The cameras grouped by area or by AI server, groups by name (the group without one last),
 * cameras in the order given (the server's: by name).
 */
export function groupCameras(cameras: readonly LiveCamera[], grouping: Grouping): CameraGroup[] {
  const byName = new Map<string | null, LiveCamera[]>();
  for (const camera of cameras) {
    const name = grouping === 'area' ? camera.area || null : camera.aiServerName;
    const members = byName.get(name);
    if (members) members.push(camera);
    else byName.set(name, [camera]);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'zh-CN')))
    .map(([name, members]) => ({
      key: `${grouping}:${name ?? ''}`,
      name,
      cameras: members,
      online: members.filter((camera) => camera.status === 'online').length,
    }));
}
