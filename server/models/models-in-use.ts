import type { Db } from '../db/open-database';
import { refusal } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import { camerasRunningModels } from '../cameras/camera-tasks';
import { deploymentsOfModels } from './model-deployments';

/**
 * A model still deployed to AI servers or run by cameras' analysis tasks is not deleted: the
 * servers would keep a file nobody manages, the tasks would name a model that is gone. One 400
 * (naming `field`, the request's `id` or `ids`) says for each such model where it is still used.
 */
export async function refuseDeletingModelsInUse(
  db: Db,
  ids: readonly number[],
  field: string,
): Promise<void> {
  const deployed = await deploymentsOfModels(db, ids);
  const running = await camerasRunningModels(db, ids);
  if (deployed.size === 0 && running.size === 0) return;
  const models = await db
    .selectFrom('models')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set([...deployed.keys(), ...running.keys()])])
    .orderBy('id')
    .execute();
  const uses = models.map((model) => {
    const servers = deployed.get(model.id) ?? [];
    const cameras = running.get(model.id) ?? [];
    const tasks = cameras.reduce((sum, camera) => sum + camera.tasks, 0);
    const found: LocalText[] = [
      ...(servers.length > 0
        ? [
            {
              zh: `已部署到 ${servers.length} 台AI服务器（${servers.join('、')}）`,
              en: `is deployed to ${servers.length} AI server(s) (${servers.join(', ')})`,
            },
          ]
        : []),
      ...(tasks > 0
        ? [
            {
              zh: `被 ${tasks} 个分析任务使用（${cameras.map((c) => `摄像头「${c.name}」${c.tasks} 个`).join('、')}）`,
              en: `is run by ${tasks} analysis task(s) (${cameras.map((c) => `camera ${c.name}: ${c.tasks}`).join(', ')})`,
            },
          ]
        : []),
    ];
    return {
      zh: `模型 #${model.id} ${model.name} ${found.map((f) => f.zh).join('，且')}`,
      en: `model #${model.id} ${model.name} ${found.map((f) => f.en).join(' and ')}`,
    };
  });
  const anyDeployed = deployed.size > 0;
  const anyRunning = running.size > 0;
  const first = {
    zh: [anyDeployed && '撤回部署', anyRunning && '为这些任务换用其他模型或删除任务']
      .filter(Boolean)
      .join('并'),
    en: [anyDeployed && 'withdraw it', anyRunning && 'give those tasks another model or delete them']
      .filter(Boolean)
      .join(' and '),
  };
  throw refusal([
    {
      field,
      message: {
        zh: `${uses.map((use) => use.zh).join('；')}，请先${first.zh}再删除`,
        en: `${uses.map((use) => use.en).join('; ')}; ${first.en} before deleting`,
      },
    },
  ]);
}
