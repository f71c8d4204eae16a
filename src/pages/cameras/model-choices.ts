import { api, call } from '../../api';
import { useSession } from '../../session';

/** A model the task form offers: its id and the label operators know it by. */
export interface ModelChoice {
  readonly id: number;
  readonly label: string;
}

/** How many models one search offers; typing narrows them. */
const offered = 20;

/**
 * Models whose name holds `text`, labelled as the server labels a task's model (`安全帽检测 1.0.1`).
 * Needs KEY.MODEL: it reads the model list.
 */
export async function searchModels(text: string): Promise<ModelChoice[]> {
  const page = await call(
    api.GET('/models', { params: { query: { pageSize: offered, ...(text === '' ? {} : { name: text }) } } }),
  );
  return page.items.map((model) => ({ id: model.id, label: `${model.name} ${model.version}` }));
}

/** Whether the signed-in user may search the models (a camera operator without the model key may not). */
export function useCanChooseModel(): boolean {
  return useSession().access['KEY.MODEL'];
}
