import { resolvePeriod, type DashboardQuery } from './dashboard-period';
import { operationsDashboard } from './operations-dashboard';
import type { OperationHandlers } from '../operations/operation-handler';

export const analysisOperations: OperationHandlers = {
  async getOperationsDashboard(input, ctx) {
    const period = resolvePeriod(input.query as DashboardQuery, ctx.clock.now());
    return operationsDashboard(ctx.db, period);
  },
};
