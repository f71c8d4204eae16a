import { resolvePeriod } from './dashboard-period';
import { operationsDashboard } from './operations-dashboard';
import type { SomeOperationHandlers } from '../operations/operation-handler';

export const analysisOperations = {
  async getOperationsDashboard(input, ctx) {
    const period = resolvePeriod(input.query, ctx.clock.now());
    return operationsDashboard(ctx.db, period);
  },
} satisfies SomeOperationHandlers;
