import { aiServerResource } from './ai-server-resource';
import { newIngestKey } from './ingest-key';
import { resourceOperations } from '../resources/resource-handlers';
import { notFound } from '../resources/resource-service';
import type { SomeOperationHandlers } from '../operations/operation-handler';

export const aiServerOperations = {
  ...resourceOperations(aiServerResource, {
    list: 'listAiServers',
    get: 'getAiServer',
    create: 'createAiServer',
    update: 'updateAiServer',
    delete: 'deleteAiServer',
    bulkDelete: 'bulkDeleteAiServers',
    export: 'exportAiServers',
  }),

  /** The old key stops working at once: only the new digest is kept. */
  async rotateAiServerKey(input, ctx) {
    const { id } = input.params;
    input.audit.target = `#${id}`;
    const { key, hash } = newIngestKey();
    const server = await ctx.db
      .updateTable('ai_servers')
      .set({ ingest_key_hash: hash, updated_at: ctx.clock.now().toISOString() })
      .where('id', '=', id)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!server) throw notFound(id);
    input.audit.target = `#${server.id} ${server.name}`;
    return { ingestKey: key };
  },
} satisfies SomeOperationHandlers;
