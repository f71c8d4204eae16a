import { resolvePeriod, type DashboardQuery } from '../analysis/dashboard-period';
import { operationsDashboard } from '../analysis/operations-dashboard';
import type { OperationHandlers } from './operation-handler';

export const analysisOperations: OperationHandlers = {
  async getOperationsDashboard(input, ctx) {
    const period = resolvePeriod(input.query as DashboardQuery, ctx.clock.now());
    return operationsDashboard(ctx.db, period);
  },
};
