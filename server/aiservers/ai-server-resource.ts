import type { ResourceDefinition } from '../resources/resource-definition';
import { countBoundCameras, refuseDeletingBoundServers } from './bound-cameras';
import { newIngestKey } from './ingest-key';

/** The AI server (edge box) resource: table ai_servers, item schema AiServer. */
export const aiServerResource: ResourceDefinition = {
  // Export files keep the name they had (the convention would give `ai-servers`).
  plural: 'aiservers',
  schema: 'AiServer',
  fields: {
    hardwareModel: { whenAbsent: '' },
    softwareVersion: { whenAbsent: '' },
    location: { whenAbsent: '' },
  },
  unique: [['ip', 'port']],
  computed: {
    fields: ['cameraCount'],
    async load(db, ids) {
      const counts = await countBoundCameras(db, ids);
      return new Map(ids.map((id) => [id, { cameraCount: counts.get(id) ?? 0 }]));
    },
  },
  beforeDelete: refuseDeletingBoundServers,
  onCreate() {
    const { key, hash } = newIngestKey();
    return { columns: { ingest_key_hash: hash }, answer: (server) => ({ server, ingestKey: key }) };
  },
};
