import type { AlertsContext } from '../alerts/alerts-context';
import { staffResource } from './staff-resource';
import { vehicleResource } from './vehicle-resource';
import { visitorResource } from './visitor-resource';
import { storePassage } from './passage-ingest';
import { passageReceiptOf, passagesOf } from './passages';
import { checkIn, checkOut, decision, moveVisitor, type Transition } from './visitor-transitions';
import { declaredOperations } from '../resources/declared-handlers';
import { contractTyped, resourceBinding, resourceOperations } from '../resources/resource-handlers';
import { getItem } from '../resources/resource-service';
import type { LocalText } from '../kernel/locale';
import {
  requireAiServer,
  requireSession,
  type OperationHandler,
  type OperationInput,
  type SomeOperationHandlers,
} from '../operations/operation-handler';

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

type VisitorStepId = 'approveVisitor' | 'checkInVisitor' | 'checkOutVisitor';

/** A visitor state change: moves it, logs `#id name` and what was done, answers the visitor as get does. */
function visitorStep<K extends VisitorStepId>(
  transitionOf: (input: OperationInput<K>, ctx: AlertsContext) => Promise<Transition>,
  detail: (input: OperationInput<K>) => LocalText,
): OperationHandler<K, AlertsContext> {
  return async (input, ctx) => {
    const { id } = input.params;
    input.audit.target = `#${id}`;
    const name = await moveVisitor(ctx, id, await transitionOf(input, ctx));
    input.audit.target = `#${id} ${name}`;
    input.audit.detail = detail(input);
    return contractTyped(await getItem(ctx.db, boundVisitor(ctx), id, input.lang));
  };
}

async function usernameOf(ctx: AlertsContext, userId: number): Promise<string | null> {
  const user = await ctx.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.username ?? null;
}

export const doorOperations = {
  ...declaredOperations(staffResource),
  ...resourceOperations(visitorResource, visitorIds),
  ...declaredOperations(vehicleResource, { choices: 'listVehicleChoices' }),

  approveVisitor: visitorStep(
    async (input, ctx) => decision(input.body, await usernameOf(ctx, requireSession(input).userId)),
    ({ body }) => {
      const { decision: choice, comment } = body;
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

  // Gate passages: reported by the gates through an AI server's ingest key, read under each kind's key.
  async ingestPassage(input, ctx) {
    return passageReceiptOf(await storePassage(ctx, requireAiServer(input), input.body));
  },
  listStaffPassages: async (input, ctx) => passagesOf(ctx.db, 'staff', input.params.id, input.query),
  listVisitorPassages: async (input, ctx) => passagesOf(ctx.db, 'visitor', input.params.id, input.query),
  listVehiclePassages: async (input, ctx) => passagesOf(ctx.db, 'vehicle', input.params.id, input.query),
} satisfies SomeOperationHandlers<AlertsContext>;
