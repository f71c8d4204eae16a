import type { AppContext } from '../app-context';
import type { Contract, OperationSpec } from '../contract/load-contract';
import { FileAnswer } from '../http/file-answer';
import { requestTimeZone } from '../http/time-zone';
import { schemaAt } from '../../contract/document';
import { listFacts, type ListShape } from '../../contract/list-facts';
import type { JsonSchema } from '../../contract/openapi-types';
import type { OperationHandler, OperationHandlers, OperationInput } from '../operations/operation-handler';
import { inputFieldNames, propertyNames, uploadFieldKinds } from './contract-shapes';
import { zonedDateTime } from './export-columns';
import { changedFieldsText } from './field-labels';
import { choicesOperation } from './resource-choices';
import type { ResourceDefinition } from './resource-definition';
import {
  bindResource,
  createItem,
  deleteItems,
  exportCsv,
  getItem,
  itemLabel,
  listItems,
  notFound,
  updateItem,
  type BoundResource,
} from './resource-service';

/** operationIds of openapi.yaml serving each standard operation of a resource; leave out what it lacks. */
export interface ResourceOperationIds {
  readonly list?: string;
  readonly get?: string;
  readonly create?: string;
  readonly update?: string;
  readonly delete?: string;
  readonly bulkDelete?: string;
  readonly export?: string;
  /** Ids and labels for the resource's reference fields (see resource-choices). */
  readonly choices?: string;
}

/** Operations with an `{id}` path parameter pass it here (validated as an integer ≥ 1). */
interface IdParams {
  readonly id: number;
}

/**
 * The definition joined with the app's contract (item, input and file fields), bound once per
 * contract. Handlers of a resource's further operations (a state change) use it to answer the item
 * as get does.
 */
export function resourceBinding(
  definition: ResourceDefinition,
  ids: ResourceOperationIds,
): (ctx: AppContext) => BoundResource {
  const bound = new WeakMap<Contract, BoundResource>();
  return (ctx) => {
    let found = bound.get(ctx.contract);
    if (!found) {
      found = bindToContract(ctx.contract, definition, ids);
      bound.set(ctx.contract, found);
    }
    return found;
  };
}

/**
 * The handlers of a resource's standard operations, keyed by operationId. What they accept and answer
 * is read from the operations in openapi.yaml (input fields, filters, sort, page size); the definition
 * says where the fields live.
 */
export function resourceOperations(
  definition: ResourceDefinition,
  ids: ResourceOperationIds,
): OperationHandlers {
  const resourceIn = resourceBinding(definition, ids);
  const actorOf = (input: OperationInput) => input.session?.userId ?? null;
  const shapes = new WeakMap<OperationSpec, ListShape>();
  const shapeOf = (ctx: AppContext, operationId: string) => {
    const operation = operationIn(ctx.contract, operationId);
    const shape = shapes.get(operation) ?? listFacts(operation.parameters);
    shapes.set(operation, shape);
    return shape;
  };

  const handlers: Record<string, OperationHandler> = {};
  const { list, get, create, update, bulkDelete } = ids;
  if (list) {
    handlers[list] = (input, ctx) =>
      listItems(ctx, resourceIn(ctx), shapeOf(ctx, list), input.query as Record<string, unknown>, input.lang);
  }
  if (get) {
    handlers[get] = (input, ctx) =>
      getItem(ctx.db, resourceIn(ctx), (input.params as IdParams).id, input.lang);
  }
  if (create) {
    handlers[create] = async (input, ctx) => {
      const resource = resourceIn(ctx);
      const body = input.body as Record<string, unknown>;
      const { item, answer } = await createItem(ctx, resource, body, actorOf(input));
      input.audit.target = itemLabel(resource, item);
      return answer;
    };
  }
  if (update) {
    handlers[update] = async (input, ctx) => {
      const resource = resourceIn(ctx);
      const { id } = input.params as IdParams;
      input.audit.target = `#${id}`;
      const { item, before, changed } = await updateItem(
        ctx,
        resource,
        id,
        input.body as Record<string, unknown>,
        actorOf(input),
      );
      input.audit.target = itemLabel(resource, before);
      input.audit.detail = changedFieldsText(definition.schema, changed);
      return item;
    };
  }
  if (ids.delete) {
    handlers[ids.delete] = async (input, ctx) => {
      const resource = resourceIn(ctx);
      const { id } = input.params as IdParams;
      input.audit.target = `#${id}`;
      const [deleted] = await deleteItems(ctx, resource, [id], { actorId: actorOf(input), field: 'id' });
      if (!deleted) throw notFound(id);
      input.audit.target = itemLabel(resource, deleted);
      return null;
    };
  }
  if (bulkDelete) {
    handlers[bulkDelete] = async (input, ctx) => {
      const resource = resourceIn(ctx);
      const requested = (input.body as { ids: number[] }).ids;
      input.audit.target = listedTargets(requested.map((id) => `#${id}`));
      const deleted = await deleteItems(ctx, resource, requested, { actorId: actorOf(input), field: 'ids' });
      input.audit.target = listedTargets(deleted.map((item) => itemLabel(resource, item)));
      input.audit.detail = {
        zh: `删除 ${deleted.length} 项（请求 ${requested.length} 项）`,
        en: `deleted ${deleted.length} of ${requested.length} requested`,
      };
      return { deleted: deleted.length };
    };
  }
  if (ids.choices) handlers[ids.choices] = choicesOperation(definition);
  if (ids.export) {
    const exportId = ids.export;
    handlers[exportId] = async (input, ctx) => {
      const query = input.query as Record<string, unknown>;
      const reader = { lang: input.lang, timeZone: requestTimeZone(input.headers) };
      const body = exportCsv(ctx, resourceIn(ctx), shapeOf(ctx, exportId), query, reader);
      return new FileAnswer(
        `${definition.plural}-${dateStamp(ctx.clock.now(), reader.timeZone)}.csv`,
        'text/csv; charset=utf-8',
        body,
      );
    };
  }
  return handlers;
}

/**
 * The definition joined with its schemas in the contract: the item schema's fields, and the input
 * fields of its create (else update) operation. For writers outside HTTP (the operator CLI).
 */
export function bindToContract(
  contract: Contract,
  definition: ResourceDefinition,
  ids: ResourceOperationIds,
): BoundResource {
  const writer = ids.create ?? ids.update;
  const writeOperation = writer ? operationIn(contract, writer) : null;
  const inputFields = writeOperation ? inputFieldNames(contract, writeOperation) : [];
  const fileFields = writeOperation ? uploadFieldKinds(contract, writeOperation) : {};
  const properties = schemaAt(contract.document, definition.schema).properties as
    Record<string, JsonSchema> | undefined;
  const linkOrders = Object.fromEntries(
    Object.keys(definition.links ?? {}).flatMap((field) => {
      const items = properties?.[field]?.items as JsonSchema | undefined;
      const values = items === undefined ? undefined : schemaAt(contract.document, items).enum;
      return Array.isArray(values) ? [[field, values]] : [];
    }),
  );
  return bindResource(
    definition,
    propertyNames(contract, definition.schema),
    inputFields,
    fileFields,
    linkOrders,
  );
}

const targetsListed = 20;

/** The first few of many targets, so one bulk call keeps a readable log line. */
function listedTargets(labels: readonly string[]): string {
  const shown = labels.slice(0, targetsListed).join('，');
  return labels.length > targetsListed ? `${shown} …(+${labels.length - targetsListed})` : shown;
}

function operationIn(contract: Contract, operationId: string): OperationSpec {
  const operation = contract.operations.find((op) => op.operationId === operationId);
  if (!operation) throw new Error(`openapi.yaml has no operation ${operationId}`);
  return operation;
}

/** The date on the exporting person's clocks, as they expect to see it in the file name. */
function dateStamp(date: Date, timeZone: string): string {
  return zonedDateTime(date.toISOString(), timeZone).slice(0, 10).replaceAll('-', '');
}
