import type { components } from '../../src/generated/openapi';
import type { CamerasContext, CamerasDeleting } from './cameras-context';
import { cameraResourceOf } from './camera-resource';
import { cameraBodyToStore } from './camera-streams';
import { discoverDevices, discoveryInterfaces } from './onvif/onvif-discovery';
import {
  readOnvifDevice,
  XaddrRefused,
  type OnvifCredentials,
  type OnvifDeviceRead,
} from './onvif/onvif-device';
import { onvifFailure } from './onvif/onvif-failures';
import { deviceOptionsOf } from './onvif/onvif-settings';
import { ApiError, badInput, type FieldProblem } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import { contractTyped, listedTargets, resourceBinding } from '../resources/resource-handlers';
import { createItems } from '../resources/resource-service';
import { badHost, forbiddenHostFor, joinStreamUrl, splitStreamUrl } from '../streams/stream-address';
import { hideCredentials, maskStreamPassword } from '../streams/stream-credentials';
import type { SomeOperationHandlers } from '../operations/operation-handler';

type CameraInput = components['schemas']['CameraInput'];
type CameraVendor = components['schemas']['CameraVendor'];
type ImportRow = components['schemas']['OnvifImportInput']['devices'][number];

const notAnInterface: LocalText = {
  zh: '不是本服务器的 IPv4 网卡地址',
  en: "is not an IPv4 address of one of the server's interfaces",
};
const noProfile: LocalText = { zh: '设备没有媒体配置（profile）', en: 'the device has no media profile' };
const notIpv4: LocalText = {
  zh: '设备地址不是 IPv4 地址，无法作为摄像头 IP',
  en: "the device's address is not IPv4, which a camera's ip must be",
};

/** Reads a device, its failures the house's: a refused xaddr a 400 naming `xaddr`. */
async function readDevice(ctx: CamerasContext, credentials: OnvifCredentials): Promise<OnvifDeviceRead> {
  try {
    return await readOnvifDevice(credentials, deviceOptionsOf(ctx));
  } catch (error) {
    if (error instanceof XaddrRefused && error.kind === 'not-a-url')
      throw badInput([{ field: 'xaddr', message: badHost }]);
    if (error instanceof XaddrRefused && error.kind === 'refused-address')
      throw badInput([{ field: 'xaddr', message: forbiddenHostFor('CFOP_CAMERA_ALLOW_HOSTS') }]);
    const detail = error instanceof Error ? error.message : String(error);
    ctx.onvif.log.warn(`ONVIF device ${credentials.xaddr} not read: ${hideCredentials(detail)}`);
    throw onvifFailure(error);
  }
}

/** The vendor CameraVendor names for a manufacturer's own name, else `other`. */
function vendorOf(manufacturer: string): CameraVendor {
  const name = manufacturer.toLowerCase();
  const known: readonly [RegExp, CameraVendor][] = [
    [/hikvision|海康/, 'hikvision'],
    [/dahua|大华/, 'dahua'],
    [/uniview|宇视/, 'uniview'],
    [/tiandy|天地伟业/, 'tiandy'],
    [/huawei|华为/, 'huawei'],
    [/axis/, 'axis'],
  ];
  return known.find(([pattern]) => pattern.test(name))?.[1] ?? 'other';
}

/** The stream address with the device's credentials in it (kept when it carries its own). */
function withCredentials(uri: string, username: string, password: string): string {
  const parts = splitStreamUrl(uri);
  if (!parts || parts.userinfo !== null || username === '') return uri;
  return joinStreamUrl({
    ...parts,
    userinfo: `${encodeURIComponent(username)}:${encodeURIComponent(password)}`,
  });
}

/** The camera a device read becomes: main stream the profile of most pixels, sub the one of fewest. */
function cameraOf(row: ImportRow, device: OnvifDeviceRead): CameraInput | FieldProblem[] {
  const bySize = [...device.profiles].sort((a, b) => b.width * b.height - a.width * a.height);
  const main = bySize[0];
  const sub = bySize.length > 1 ? bySize[bySize.length - 1] : undefined;
  if (main === undefined) return [{ field: 'xaddr', message: noProfile }];
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(device.address)) return [{ field: 'xaddr', message: notIpv4 }];
  const stream = (uri: string) => withCredentials(uri, row.username, row.password);
  return {
    name: row.name,
    code: row.code ?? `ONVIF-${device.address.replaceAll('.', '-')}-${device.port}`,
    area: row.area ?? '',
    mainStreamUrl: stream(main.streamUri),
    ...(sub && { subStreamUrl: stream(sub.streamUri) }),
    vendor: vendorOf(device.manufacturer),
    model: device.model.slice(0, modelLength),
    ip: device.address,
    aiServerId: row.aiServerId ?? null,
    // Where the server steers it (PTZ) later.
    onvifXaddr: row.xaddr,
    onvifUsername: row.username,
    onvifPassword: row.password,
  };
}

/** The camera row `row` adds, or the problems refusing it, named under the row. */
async function importedCamera(ctx: CamerasContext, row: ImportRow): Promise<CameraInput | FieldProblem[]> {
  try {
    const camera = cameraOf(row, await readDevice(ctx, row));
    return Array.isArray(camera) ? camera : await cameraBodyToStore(ctx, camera, null);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.fieldProblems.length > 0
      ? [...error.fieldProblems]
      : [{ field: 'xaddr', message: error.text }];
  }
}

/** CameraInput.model's length: a longer model is cut rather than refusing the camera. */
const modelLength = 64;

/** Devices read at once during an import: a few, so a site's worth is read quickly without a burst. */
const readsAtOnce = 4;

/** ONVIF: the interfaces discovery may use, discovery, reading a device, and adding devices as cameras. */
export function onvifOperations({ camerasDeleting }: { readonly camerasDeleting: CamerasDeleting }) {
  const cameraIn = resourceBinding(cameraResourceOf(camerasDeleting), { create: 'createCamera' });
  return {
    listOnvifInterfaces: async () => discoveryInterfaces(),

    async discoverOnvifDevices(input, ctx) {
      const { interfaceAddress, seconds } = input.body;
      input.audit.target = interfaceAddress ?? '';
      if (
        interfaceAddress !== undefined &&
        !discoveryInterfaces().some((found) => found.address === interfaceAddress)
      )
        throw badInput([{ field: 'interfaceAddress', message: notAnInterface }]);
      const found = await discoverDevices({ interfaceAddress, seconds, target: ctx.onvif.discoveryTarget });
      input.audit.detail = { zh: `发现 ${found.length} 台设备`, en: `found ${found.length} devices` };
      return found;
    },

    async readOnvifDevice(input, ctx) {
      input.audit.target = input.body.xaddr;
      const device = await readDevice(ctx, input.body);
      return {
        xaddr: device.xaddr,
        manufacturer: device.manufacturer,
        model: device.model,
        firmwareVersion: device.firmwareVersion,
        serialNumber: device.serialNumber,
        hardwareId: device.hardwareId,
        profiles: device.profiles.map((profile) => ({
          ...profile,
          streamUri: maskStreamPassword(profile.streamUri) as string,
        })),
      };
    },

    async importOnvifCameras(input, ctx) {
      const rows = input.body.devices;
      input.audit.target = listedTargets(rows.map((row) => row.name));
      const cameras: (CameraInput | FieldProblem[])[] = new Array(rows.length);
      let next = 0;
      const reader = async () => {
        for (let index = next++; index < rows.length; index = next++)
          cameras[index] = await importedCamera(ctx, rows[index] as ImportRow);
      };
      await Promise.all(Array.from({ length: Math.min(readsAtOnce, rows.length) }, reader));
      const problems = cameras.flatMap((camera, index) =>
        Array.isArray(camera)
          ? camera.map((problem) => ({ ...problem, field: `devices.${index}.${problem.field}` }))
          : [],
      );
      if (problems.length > 0) throw badInput(problems);
      const items = await createItems(
        ctx,
        cameraIn(ctx),
        cameras as CameraInput[],
        (index, field) => `devices.${index}${field === '' ? '' : `.${field}`}`,
        input.session?.userId ?? null,
      );
      input.audit.detail = { zh: `添加 ${items.length} 台摄像头`, en: `added ${items.length} cameras` };
      ctx.background.run('starting and stopping recorders', () => ctx.recordings.sync());
      return contractTyped(items);
    },
  } satisfies SomeOperationHandlers<CamerasContext>;
}
