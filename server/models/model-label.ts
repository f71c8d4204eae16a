import { sql } from 'kysely';

/**
 * How a model is named where it is chosen or shown outside its own screen: its name and version, as
 * the model screen's two columns read (`安全帽检测 1.0.1`): two versions of one detector differ only
 * by the second. `models` must be in the query (a left join gives null).
 */
export const modelLabel = sql<string | null>`models.name || ' ' || models.version`;
