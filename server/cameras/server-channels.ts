import type { FieldProblem } from '../kernel/api-error';
import type { ItemChange, WriteScope } from '../resources/resource-definition';

/**
 * A camera bound to an AI server takes one of its channels: the server must have a free one (its
 * channelCapacity bounds the cameras it analyses). The camera being updated keeps its own.
 */
export async function fullServerProblems(
  { db }: WriteScope,
  { input, id: cameraId }: ItemChange,
): Promise<FieldProblem[]> {
  const serverId = input.aiServerId;
  if (typeof serverId !== 'number') return [];
  const server = await db
    .selectFrom('ai_servers')
    .select(['name', 'channel_capacity'])
    .where('id', '=', serverId)
    .executeTakeFirst();
  // A server that does not exist is the resource's reference rule's problem.
  if (!server) return [];
  let others = db
    .selectFrom('cameras')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('ai_server_id', '=', serverId);
  if (cameraId !== null) others = others.where('id', '!=', cameraId);
  const bound = Number((await others.executeTakeFirstOrThrow()).count);
  if (bound < server.channel_capacity) return [];
  return [
    {
      field: 'aiServerId',
      message: {
        zh: `AI服务器「${server.name}」的 ${server.channel_capacity} 路算力已用满（已绑定 ${bound} 台摄像头）`,
        en: `AI server ${server.name} has no free channel: all ${server.channel_capacity} are taken by ${bound} bound cameras`,
      },
    },
  ];
}
