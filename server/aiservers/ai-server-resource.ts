import type { ResourceDefinition } from '../resources/resource-definition';
import { countBoundCameras, refuseDeletingBoundServers } from './bound-cameras';
import { newIngestKey } from './ingest-key';

/** The AI server (edge box) resource: table ai_servers, item schema AiServer. */
export const aiServerResource: ResourceDefinition = {
  plural: 'aiservers',
  table: 'ai_servers',
  schema: 'AiServer',
  fields: {
    id: { column: 'id' },
    name: { column: 'name' },
    serialNumber: { column: 'serial_number' },
    ip: { column: 'ip' },
    port: { column: 'port' },
    hardwareModel: { column: 'hardware_model', whenAbsent: '' },
    acceleratorType: { column: 'accelerator_type' },
    channelCapacity: { column: 'channel_capacity' },
    softwareVersion: { column: 'software_version', whenAbsent: '' },
    location: { column: 'location', whenAbsent: '' },
    status: { column: 'status' },
    lastHeartbeatAt: { column: 'last_heartbeat_at' },
    cpuLoad: { column: 'cpu_load' },
    memoryLoad: { column: 'memory_load' },
    acceleratorLoad: { column: 'accelerator_load' },
    createdAt: { column: 'created_at' },
    updatedAt: { column: 'updated_at' },
  },
  unique: [['serialNumber'], ['ip', 'port']],
  labelField: 'name',
  async computed(db, ids) {
    const counts = await countBoundCameras(db, ids);
    return new Map(ids.map((id) => [id, { cameraCount: counts.get(id) ?? 0 }]));
  },
  beforeDelete: refuseDeletingBoundServers,
  onCreate() {
    const { key, hash } = newIngestKey();
    return { columns: { ingest_key_hash: hash }, answer: (server) => ({ server, ingestKey: key }) };
  },
};
