import type { AlertLevel } from './schema';

/** Every alert level, least urgent first: a rule's minimum level compares by this order. */
export const alertLevels: readonly AlertLevel[] = ['low', 'medium', 'high', 'critical'];
