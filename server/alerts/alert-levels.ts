import type { AlertLevel } from '../db/schema';

/** Every alert level, least urgent first: a rule's minimum level compares by this order. */
export const alertLevels: readonly AlertLevel[] = ['low', 'medium', 'high', 'critical'];
