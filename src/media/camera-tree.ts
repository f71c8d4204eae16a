import type { components } from '../generated/openapi';

export type LiveCamera = components['schemas']['LiveCamera'];
export type LiveCameraGroup = components['schemas']['LiveCameraGroup'];
export type Grouping = 'area' | 'server' | 'group';

export interface CameraGroup {
  /** Unique among groups: `area:<name>`, `server:<name>` or `group:<id>`. */
  readonly key: string;
  /** The area, AI server or camera group name; null for cameras without an area or AI server. */
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
export function groupCameras(
  cameras: readonly LiveCamera[],
  grouping: Exclude<Grouping, 'group'>,
): CameraGroup[] {
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
      online: onlineOf(members),
    }));
}

/**
 * The camera groups (in the server's order: by name) with those of `cameras` they hold, in the
 * order of `cameras`. A camera is under each of its groups; a group none of `cameras` is in (a
 * search matching none of its cameras) is left out.
 */
export function cameraGroupsOf(
  cameras: readonly LiveCamera[],
  groups: readonly LiveCameraGroup[],
): CameraGroup[] {
  return groups.flatMap((group) => {
    const ids = new Set(group.cameraIds);
    const members = cameras.filter((camera) => ids.has(camera.id));
    return members.length === 0
      ? []
      : [{ key: `group:${group.id}`, name: group.name, cameras: members, online: onlineOf(members) }];
  });
}

const onlineOf = (cameras: readonly LiveCamera[]) =>
  cameras.filter((camera) => camera.status === 'online').length;
