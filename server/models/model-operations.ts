import { serveFile } from '../files/file-store';
import {
  deploy,
  ingestDeployment,
  ingestDeployments,
  listDeployments,
  modelName,
  report,
  withdraw,
} from './model-deployments';
import { modelResource } from './model-resource';
import { declaredOperations } from '../resources/declared-handlers';
import {
  requireAiServer,
  type OperationHandler,
  type SomeOperationHandlers,
} from '../operations/operation-handler';

/** deployModel and withdrawModel: change the model's deployment on the listed servers, answer all of them. */
function changeDeployments(
  change: typeof deploy,
  verb: { readonly zh: string; readonly en: string },
): OperationHandler<'deployModel' | 'withdrawModel'> {
  return async (input, ctx) => {
    const { id } = input.params;
    const { aiServerIds } = input.body;
    input.audit.target = `#${id}`;
    input.audit.target += ` ${await modelName(ctx.db, id)}`;
    const names = await change(ctx, id, aiServerIds);
    input.audit.detail = { zh: `${verb.zh}：${names.join('、')}`, en: `${verb.en}: ${names.join(', ')}` };
    return { items: await listDeployments(ctx.db, id) };
  };
}

export const modelOperations = {
  ...declaredOperations(modelResource),

  async listModelDeployments(input, ctx) {
    return { items: await listDeployments(ctx.db, input.params.id) };
  },
  deployModel: changeDeployments(deploy, { zh: '部署到', en: 'deployed to' }),
  withdrawModel: changeDeployments(withdraw, { zh: '撤回自', en: 'withdrawn from' }),

  // The AI server's side, authenticated by its ingest key: only models deployed to it.
  async listIngestDeployments(input, ctx) {
    return { items: await ingestDeployments(ctx.db, requireAiServer(input).id) };
  },
  async downloadIngestModelFile(input, ctx) {
    const { id } = input.params;
    const { fileId } = await ingestDeployment(ctx.db, requireAiServer(input).id, id);
    return serveFile(ctx, fileId, 'uploadModelFile');
  },
  async reportModelDeployment(input, ctx) {
    const server = requireAiServer(input);
    const { id } = input.params;
    const { status, message } = input.body;
    input.audit.target = `#${id} @ ${server.name}`;
    const deployment = await report(ctx, server.id, id, status, message ?? '');
    input.audit.target = `#${id} ${deployment.name} @ ${server.name}`;
    input.audit.detail = { zh: `${status} ${message ?? ''}`.trim(), en: `${status} ${message ?? ''}`.trim() };
    return deployment;
  },
} satisfies SomeOperationHandlers;
