import type { Db } from '../db/open-database';
import { ApiError } from '../kernel/api-error';

/** How many cameras are bound to each AI server (servers without any are left out). */
export async function countBoundCameras(db: Db, serverIds: readonly number[]): Promise<Map<number, number>> {
  if (serverIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('cameras')
    .select((eb) => ['ai_server_id', eb.fn.countAll<number>().as('count')])
    .where('ai_server_id', 'in', [...serverIds])
    .groupBy('ai_server_id')
    .execute();
  return new Map(rows.map((row) => [row.ai_server_id as number, Number(row.count)]));
}

/** An AI server still analysing cameras is not deleted: the operator unbinds or deletes them first. */
export async function refuseDeletingBoundServers(db: Db, serverIds: readonly number[]): Promise<void> {
  const counts = await countBoundCameras(db, serverIds);
  if (counts.size === 0) return;
  const servers = await db
    .selectFrom('ai_servers')
    .select(['id', 'name'])
    .where('id', 'in', [...counts.keys()])
    .orderBy('id')
    .execute();
  const zh = servers.map((s) => `「${s.name}」仍绑定 ${counts.get(s.id)} 台摄像头`).join('，');
  const en = servers
    .map((s) => {
      const count = counts.get(s.id) ?? 0;
      return `${s.name} still has ${count} camera${count === 1 ? '' : 's'} bound`;
    })
    .join('; ');
  throw new ApiError('400', {
    zh: `无法删除AI服务器：${zh}，请先解绑或删除这些摄像头`,
    en: `Cannot delete the AI server: ${en}; unbind or delete those cameras first`,
  });
}
