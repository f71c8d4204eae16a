import type { AppContext } from '../app-context';
import { aiServerResource } from './ai-server-resource';
import { forgetIngestKeys } from './ingest-callers';
import { newIngestKey } from './ingest-key';
import { resourceOperations } from '../resources/resource-operations';
import { notFound } from '../resources/resource-service';
import type { SomeOperationHandlers } from '../operations/operation-handler';

const resourceHandlers = resourceOperations(aiServerResource, {
  list: 'listAiServers',
  get: 'getAiServer',
  create: 'createAiServer',
  update: 'updateAiServer',
  delete: 'deleteAiServer',
  bulkDelete: 'bulkDeleteAiServers',
  export: 'exportAiServers',
});

/**
 * A handler changing AI servers, after which (its transaction committed, or undone) the ingest keys
 * found are read again: a deleted server's key stops at once, a renamed server's alerts take its
 * new name.
 */
function forgettingKeys<I, R>(handler: (input: I, ctx: AppContext) => Promise<R>) {
  return async (input: I, ctx: AppContext) => {
    try {
      return await handler(input, ctx);
    } finally {
      forgetIngestKeys(ctx.db);
    }
  };
}

export const aiServerOperations = {
  ...resourceHandlers,
  updateAiServer: forgettingKeys(resourceHandlers.updateAiServer),
  deleteAiServer: forgettingKeys(resourceHandlers.deleteAiServer),
  bulkDeleteAiServers: forgettingKeys(resourceHandlers.bulkDeleteAiServers),

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
    forgetIngestKeys(ctx.db);
    if (!server) throw notFound(id);
    input.audit.target = `#${server.id} ${server.name}`;
    return { ingestKey: key };
  },
} satisfies SomeOperationHandlers;
