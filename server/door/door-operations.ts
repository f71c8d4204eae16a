import type { AppContext } from '../app-context';
import { staffResource } from './staff-resource';
import { vehicleResource } from './vehicle-resource';
import { visitorResource } from './visitor-resource';
import { checkIn, checkOut, decision, moveVisitor, type Transition } from './visitor-transitions';
import { resourceBinding, resourceOperations } from '../resources/resource-operations';
import { getItem } from '../resources/resource-service';
import { requireSession, type OperationHandler, type OperationHandlers } from '../operations/operation-handler';

const visitorIds = {
  list: 'listVisitors',
  get: 'getVisitor',
  create: 'createVisitor',
  update: 'updateVisitor',
  delete: 'deleteVisitor',
  bulkDelete: 'bulkDeleteVisitors',
  export: 'exportVisitors',
  choices: 'listVisitorChoices',
} as const;
const boundVisitor = resourceBinding(visitorResource, visitorIds);

/** A visitor state change: moves it, logs `#id name` and what was done, answers the visitor as get does. */
function visitorStep(
  transitionOf: (input: Parameters<OperationHandler>[0], ctx: AppContext) => Promise<Transition>,
  detail: (body: unknown) => { zh: string; en: string },
): OperationHandler {
  return async (input, ctx) => {
    const { id } = input.params as { id: number };
    input.audit.target = `#${id}`;
    const name = await moveVisitor(ctx, id, await transitionOf(input, ctx));
    input.audit.target = `#${id} ${name}`;
    input.audit.detail = detail(input.body);
    return getItem(ctx.db, boundVisitor(ctx), id, input.lang);
  };
}

interface DecisionBody {
  readonly decision: 'approve' | 'reject';
  readonly comment: string;
}

async function usernameOf(ctx: AppContext, userId: number): Promise<string | null> {
  const user = await ctx.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.username ?? null;
}

export const doorOperations: OperationHandlers = {
  ...resourceOperations(staffResource, {
    list: 'listStaff',
    get: 'getStaff',
    create: 'createStaff',
    update: 'updateStaff',
    delete: 'deleteStaff',
    bulkDelete: 'bulkDeleteStaff',
    export: 'exportStaff',
  }),
  ...resourceOperations(visitorResource, visitorIds),
  ...resourceOperations(vehicleResource, {
    list: 'listVehicles',
    get: 'getVehicle',
    create: 'createVehicle',
    update: 'updateVehicle',
    delete: 'deleteVehicle',
    bulkDelete: 'bulkDeleteVehicles',
    export: 'exportVehicles',
    choices: 'listVehicleChoices',
  }),

  approveVisitor: visitorStep(
    async (input, ctx) =>
      decision(input.body as DecisionBody, await usernameOf(ctx, requireSession(input).userId)),
    (body) => {
      const { decision: choice, comment } = body as DecisionBody;
      return choice === 'approve'
        ? { zh: `审批通过：${comment.trim()}`, en: `approved: ${comment.trim()}` }
        : { zh: `审批拒绝：${comment.trim()}`, en: `rejected: ${comment.trim()}` };
    },
  ),
  checkInVisitor: visitorStep(
    async () => checkIn,
    () => ({ zh: '签到', en: 'checked in' }),
  ),
  checkOutVisitor: visitorStep(
    async () => checkOut,
    () => ({ zh: '签离', en: 'checked out' }),
  ),
};
