import { idNumberCheckCharacter } from '../server/door/id-number';
import type { components } from '../src/generated/openapi';
import { must, type ConsoleApi } from './console-api';

/** What the live stand-ins need of the seeded site. */
export interface DemoSite {
  readonly servers: readonly { readonly name: string; readonly ingestKey: string }[];
  /** Each camera's scene (an index into the demo's streams), by camera id. */
  readonly sceneOf: ReadonlyMap<number, number>;
  readonly employeeNos: readonly string[];
  readonly passCodes: readonly string[];
  readonly plates: readonly string[];
  readonly blacklistedPlates: readonly string[];
}

const models = [
  {
    name: '安全帽检测 Helmet detection',
    algorithm: 'helmet',
    classes: ['未戴安全帽', '未穿反光衣'],
    level: 'medium',
  },
  {
    name: '区域入侵检测 Intrusion detection',
    algorithm: 'intrusion',
    classes: ['人员闯入', '翻越围栏'],
    level: 'high',
  },
  { name: '烟火检测 Fire and smoke', algorithm: 'fireSmoke', classes: ['明火', '烟雾'], level: 'critical' },
] as const;

const servers = [
  '边缘盒子-东区 Edge box East',
  '边缘盒子-西区 Edge box West',
  '边缘盒子-仓储区 Edge box Store',
];

/** Two cameras per AI server; `model` indexes `models`. */
const cameras = [
  { name: '东门入口 East gate', area: '东区 East', vendor: 'hikvision', model: 1 },
  { name: '东区一号车间 East workshop 1', area: '东区 East', vendor: 'hikvision', model: 0 },
  { name: '西区生产线 West line', area: '西区 West', vendor: 'dahua', model: 0 },
  { name: '西区配电房 West switch room', area: '西区 West', vendor: 'dahua', model: 2 },
  { name: '仓储区装卸台 Store loading dock', area: '仓储区 Store', vendor: 'uniview', model: 0 },
  { name: '仓储区周界 Store perimeter', area: '仓储区 Store', vendor: 'huawei', model: 1 },
] as const;

const staff = [
  { name: '张伟', gender: 'male', department: '安全部 Safety', position: '安全主管 Safety lead' },
  { name: '王芳', gender: 'female', department: '行政部 Admin', position: '前台 Reception' },
  { name: '李强', gender: 'male', department: '生产部 Production', position: '班组长 Team lead' },
  { name: '刘洋', gender: 'male', department: '仓储部 Storage', position: '仓管员 Storekeeper' },
  { name: '陈静', gender: 'female', department: '设备部 Equipment', position: '电工 Electrician' },
  { name: '杨磊', gender: 'male', department: '生产部 Production', position: '操作员 Operator' },
] as const;

const visitors = [
  { name: '赵敏', company: '华东设备有限公司 Huadong Equipment', purpose: '设备检修 Equipment repair' },
  { name: '孙浩', company: '顺达物流 Shunda Logistics', purpose: '送货 Delivery' },
  { name: '周婷', company: '市安监局 City safety bureau', purpose: '安全检查 Safety inspection' },
  { name: '吴斌', company: '恒信消防 Hengxin Fire', purpose: '消防设施年检 Fire system check' },
] as const;

const everyHalfHour = Array.from({ length: 7 }, () => '1'.repeat(48));
const wholeFrame = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];

type VehicleInput = components['schemas']['VehicleInput'];
/** A vehicle of the demo; blue cars unless it says otherwise. */
type DemoVehicle = Omit<VehicleInput, 'plateColor' | 'vehicleType'> &
  Partial<Pick<VehicleInput, 'plateColor' | 'vehicleType'>>;

/** The item at `index`, which the demo's own tables hold; a wrong index is the demo's bug. */
function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`the demo has no item ${index} of ${items.length}`);
  return item;
}

/** A valid identity number (its check character computed) for the n-th visitor. */
function idNumber(n: number): string {
  const first17 = `31010119${80 + n}0${n + 1}1${n + 2}00${n}`;
  return first17 + idNumberCheckCharacter(first17);
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A camera's stream when the server may not reach the demo's scenes: a name that never resolves
 * (RFC 6761's `.invalid`), so the camera is saved and shows as unreachable.
 */
const placeholderStream = (index: number) => `rtsp://demo-camera-${index + 1}.invalid/stream`;

/**
 * Seeds a small site through the console's own API, as an operator would: AI servers and their
 * ingest keys, models, cameras streaming the demo's scenes with an analysis task each (placeholder
 * streams, nothing recorded, when `sceneUrls` is null), staff, visitors (three approved, so their
 * pass codes open the gates) and vehicles (one blacklisted).
 */
export async function seedSite(api: ConsoleApi, sceneUrls: readonly string[] | null): Promise<DemoSite> {
  const created = [];
  for (const [index, name] of servers.entries()) {
    created.push(
      await must(
        api.client.POST('/aiservers', {
          body: {
            name,
            serialNumber: `DEMO-SN-00${index + 1}`,
            ip: `10.20.${index + 1}.10`,
            port: 8000,
            acceleratorType: index === 2 ? 'GPU' : 'NPU',
            channelCapacity: 8,
          },
        }),
      ),
    );
  }
  const modelIds = [];
  for (const [index, model] of models.entries()) {
    const file = await api.upload(
      '/files/model-files',
      `${model.algorithm}.onnx`,
      Buffer.from(`demo model ${model.name}`),
    );
    const { id } = await must(
      api.client.POST('/models', {
        body: {
          name: model.name,
          algorithm: model.algorithm,
          version: `2.${index}.0`,
          fileId: file.id,
          format: 'ONNX',
          inputSize: '640x640',
          targetHardware: 'NPU',
          classes: [...model.classes],
        },
      }),
    );
    modelIds.push(id);
  }
  const sceneOf = new Map<number, number>();
  for (const [index, camera] of cameras.entries()) {
    const server = created[Math.floor(index / 2)];
    const { id } = await must(
      api.client.POST('/cameras', {
        body: {
          name: camera.name,
          code: `CAM-${String(index + 1).padStart(3, '0')}`,
          area: camera.area,
          mainStreamUrl: sceneUrls ? nth(sceneUrls, index % sceneUrls.length) : placeholderStream(index),
          vendor: camera.vendor,
          ip: `10.20.${Math.floor(index / 2) + 1}.${101 + index}`,
          aiServerId: server?.server.id,
          // Both ways of recording, so playback and the alerts' clips have something to show.
          recordingMode: sceneUrls === null ? 'off' : index % 2 === 0 ? 'continuous' : 'alerts',
        },
      }),
    );
    const model = models[camera.model];
    await must(
      api.client.POST('/cameras/{id}/tasks', {
        params: { path: { id } },
        body: {
          name: model.name,
          modelId: nth(modelIds, camera.model),
          confidenceThreshold: 0.5,
          region: wholeFrame,
          schedule: everyHalfHour,
          alertLevel: model.level,
        },
      }),
    );
    sceneOf.set(id, index);
  }
  const staffIds = [];
  for (const [index, person] of staff.entries()) {
    const { id } = await must(
      api.client.POST('/staff', {
        body: {
          ...person,
          employeeNo: `E${1001 + index}`,
          phone: `1380013${String(index).padStart(4, '0')}`,
          cardNo: `CARD${7001 + index}`,
          status: 'active',
        },
      }),
    );
    staffIds.push(id);
  }
  const now = Date.now();
  const passCodes = [];
  for (const [index, visitor] of visitors.entries()) {
    const { id } = await must(
      api.client.POST('/visitors', {
        body: {
          ...visitor,
          phone: `1391234${String(index).padStart(4, '0')}`,
          idNumber: idNumber(index),
          hostStaffId: nth(staffIds, index % staffIds.length),
          visitFrom: new Date(now - 3_600_000).toISOString(),
          visitTo: new Date(now + 10 * 3_600_000).toISOString(),
          companions: index,
        },
      }),
    );
    // The last one waits for approval, so the list shows each state.
    if (index === visitors.length - 1) continue;
    const approved = await must(
      api.client.POST('/visitors/{id}/approval', {
        params: { path: { id } },
        body: { decision: 'approve', comment: '已核实，同意来访' },
      }),
    );
    // An approved visit has its pass code; the contract's null is for one still pending.
    if (approved.passCode === null) throw new Error(`visitor ${id} was approved without a pass code`);
    passCodes.push(approved.passCode);
  }
  const today = new Date();
  const vehicles: DemoVehicle[] = [
    { plate: '沪A12345', ownerType: 'staff', staffId: nth(staffIds, 0), listType: 'whitelist' },
    { plate: '沪B6K789', ownerType: 'staff', staffId: nth(staffIds, 2), listType: 'whitelist' },
    {
      plate: '沪AD12345',
      ownerType: 'staff',
      staffId: nth(staffIds, 4),
      listType: 'whitelist',
      plateColor: 'green',
    },
    {
      plate: '苏E88M21',
      ownerType: 'none',
      listType: 'temporary',
      vehicleType: 'truck',
      plateColor: 'yellow',
      validFrom: isoDate(today),
      validTo: isoDate(new Date(today.getTime() + 7 * 86_400_000)),
      remark: '顺达物流送货车',
    },
    { plate: '浙C4X007', ownerType: 'none', listType: 'blacklist', remark: '多次违规闯入' },
  ];
  for (const vehicle of vehicles)
    await must(
      api.client.POST('/vehicles', { body: { plateColor: 'blue', vehicleType: 'car', ...vehicle } }),
    );
  return {
    servers: created.map((item, index) => ({ name: servers[index] as string, ingestKey: item.ingestKey })),
    sceneOf,
    employeeNos: staff.map((_, index) => `E${1001 + index}`),
    passCodes,
    plates: vehicles.map((vehicle) => vehicle.plate),
    blacklistedPlates: vehicles
      .filter((vehicle) => vehicle.listType === 'blacklist')
      .map((vehicle) => vehicle.plate),
  };
}
