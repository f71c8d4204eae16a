import type { components } from '../../src/generated/openapi';
import type { PlatformContext } from '../operations/platform-context';
import type { Contract, OperationSpec } from '../contract/load-contract';
import { FileAnswer } from '../operations/file-answer';
import { DataFolderError } from '../kernel/data-folder-error';
import { requestTimeZone } from '../kernel/time-zone';
import { isObject, schemaAt } from '../../contract/document';
import { listFacts, type ListShape } from '../../contract/list-facts';
import type { OperationHandler, OperationId, OperationInput } from '../operations/operation-handler';
import { inputFieldNames, propertyNames, propertySchemas, uploadFieldKinds } from './contract-shapes';
import { bindResource, type BoundResource } from './bound-resource';
import { exportFileName } from './export-name';
import { changedFieldsText } from './field-labels';
import { choicesOperation } from './resource-choices';
import type { ResourceDefinition } from './resource-definition';
import { columnProblems } from './resource-tables';
import {
  createItem,
  deleteItems,
  exportCsv,
  getItem,
  itemLabel,
  listItems,
  notFound,
  updateItem,
} from './resource-service';

/** operationIds of openapi.yaml serving each standard operation of a resource; leave out what it lacks. */
export interface ResourceOperationIds {
  readonly list?: OperationId;
  readonly get?: OperationId;
  readonly create?: OperationId;
  readonly update?: OperationId;
  readonly delete?: OperationId;
  readonly bulkDelete?: OperationId;
  readonly export?: OperationId;
  /** Ids and labels for the resource's reference fields (see resource-choices). */
  readonly choices?: OperationId;
}

/** The handlers of the operations `Ids` names, each typed by its operation. */
export type ResourceHandlers<Ids extends ResourceOperationIds> = {
  readonly [Slot in keyof Ids as Extract<Ids[Slot], OperationId>]: OperationHandler<
    Extract<Ids[Slot], OperationId>
  >;
};

/**
 * What a standard handler reads of a request, for any resource: the layer is generic over items.
 * It reads bodies and queries by the field names the contract gives at run time (see contract-shapes),
 * so what a resource's operations accept is every record the contract lets through.
 */
type ResourceInput<Parts> = Omit<OperationInput, 'body' | 'query' | 'params'> & Parts;
type WithId = { readonly params: { readonly id: number } };
type WithQuery = { readonly query: Readonly<Record<string, unknown>> };
type WithBody<Body> = { readonly body: Body };
type IdList = components['schemas']['IdList'];
type ResourceHandler = (input: never, ctx: PlatformContext) => Promise<unknown>;

/**
 * The generic layer's answers (and handlers) as the contract types them. The layer builds items at
 * run time from the item schema's properties (BoundResource.itemFields) and reads request parts by
 * the contract's names, which TypeScript cannot follow from a ResourceDefinition; the
 * contract-computed suites check every answer against openapi.yaml. This is the one place the
 * generic records are taken for the operation's types.
 */
export function contractTyped<T>(generic: object): T {
  return generic as T;
}

type Binding = (ctx: PlatformContext) => BoundResource;

/**
 * Every resource the server serves, by definition: the handlers bind lazily, per contract, so the
 * start (checkResources) binds them all to find a definition or table at odds with the contract
 * before the first request does.
 */
const bindings = new Map<ResourceDefinition, Binding>();

/**
 * The definition joined with the app's contract (item, input and file fields), bound once per
 * contract. Handlers of a resource's further operations (a state change) use it to answer the item
 * as get does.
 */
export function resourceBinding(definition: ResourceDefinition, ids: ResourceOperationIds): Binding {
  const bound = new WeakMap<Contract, BoundResource>();
  const binding: Binding = (ctx) => {
    let found = bound.get(ctx.contract);
    if (!found) {
      found = bindToContract(ctx.contract, definition, ids);
      bound.set(ctx.contract, found);
    }
    return found;
  };
  if (!bindings.has(definition)) bindings.set(definition, binding);
  return binding;
}

/**
 * Binds every resource to the app's contract and checks its database holds each stored field's
 * column as the contract needs it: a definition naming a field its schema lacks stops the start, and
 * so does a column missing or at odds with its field's type or nullability, one line each.
 */
export async function checkResources(ctx: PlatformContext): Promise<void> {
  const resources = [...bindings.values()].map((binding) => binding(ctx));
  const problems = await columnProblems(ctx.db, ctx.contract.document, resources);
  if (problems.length > 0) throw new DataFolderError(columnsAtOdds, problems);
}

const columnsAtOdds = {
  zh: '数据库的列与契约 openapi.yaml 不符，请以新的迁移修正下列各列：',
  en: "The database's columns are at odds with the contract, openapi.yaml; correct each below with a new migration:",
};

/**
 * The handlers of a resource's standard operations, keyed by operationId. What they accept and answer
 * is read from the operations in openapi.yaml (input fields, filters, sort, page size); the definition
 * says where the fields live.
 */
export function resourceOperations<const Ids extends ResourceOperationIds>(
  definition: ResourceDefinition,
  ids: Ids,
): ResourceHandlers<Ids> {
  const resourceIn = resourceBinding(definition, ids);
  const actorOf = (input: Pick<OperationInput, 'session'>) => input.session?.userId ?? null;
  const shapes = new WeakMap<OperationSpec, ListShape>();
  const shapeOf = (ctx: PlatformContext, operationId: string) => {
    const operation = operationIn(ctx.contract, operationId);
    const shape = shapes.get(operation) ?? listFacts(operation.parameters);
    shapes.set(operation, shape);
    return shape;
  };

  const handlers: Record<string, ResourceHandler> = {};
  const { list, get, create, update, bulkDelete } = ids;
  if (list) {
    handlers[list] = (input: ResourceInput<WithQuery>, ctx) =>
      listItems(ctx, resourceIn(ctx), shapeOf(ctx, list), input.query, {
        lang: input.lang,
        timeZone: requestTimeZone(input.headers),
      });
  }
  if (get) {
    handlers[get] = (input: ResourceInput<WithId>, ctx) =>
      getItem(ctx.db, resourceIn(ctx), input.params.id, input.lang);
  }
  if (create) {
    handlers[create] = async (input: ResourceInput<WithBody<Readonly<Record<string, unknown>>>>, ctx) => {
      const resource = resourceIn(ctx);
      const { item, answer } = await createItem(ctx, resource, input.body, actorOf(input));
      input.audit.target = itemLabel(resource, item);
      return answer;
    };
  }
  if (update) {
    handlers[update] = async (
      input: ResourceInput<WithId & WithBody<Readonly<Record<string, unknown>>>>,
      ctx,
    ) => {
      const resource = resourceIn(ctx);
      const { id } = input.params;
      input.audit.target = `#${id}`;
      const { item, before, changed } = await updateItem(ctx, resource, id, input.body, actorOf(input));
      input.audit.target = itemLabel(resource, before);
      input.audit.detail = changedFieldsText(definition.schema, changed);
      return item;
    };
  }
  if (ids.delete) {
    handlers[ids.delete] = async (input: ResourceInput<WithId>, ctx) => {
      const resource = resourceIn(ctx);
      const { id } = input.params;
      input.audit.target = `#${id}`;
      const [deleted] = await deleteItems(ctx, resource, [id], { actorId: actorOf(input), field: 'id' });
      if (!deleted) throw notFound(id);
      input.audit.target = itemLabel(resource, deleted);
      return null;
    };
  }
  if (bulkDelete) {
    handlers[bulkDelete] = async (input: ResourceInput<WithBody<IdList>>, ctx) => {
      const resource = resourceIn(ctx);
      const requested = input.body.ids;
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
    handlers[exportId] = async (input: ResourceInput<WithQuery>, ctx) => {
      const resource = resourceIn(ctx);
      const { query } = input;
      const reader = { lang: input.lang, timeZone: requestTimeZone(input.headers) };
      const shape = shapeOf(ctx, exportId);
      const body = exportCsv(ctx, resource, shape, query, reader);
      return new FileAnswer(
        exportFileName(resource.plural, shape, query, ctx.clock.now(), reader.timeZone),
        'text/csv; charset=utf-8',
        body,
      );
    };
  }
  return contractTyped(handlers);
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
  const properties = new Map(propertySchemas(contract, definition.schema));
  const linkOrders = Object.fromEntries(
    Object.keys(definition.links ?? {}).flatMap((field) => {
      const items = properties.get(field)?.items;
      const values = isObject(items) ? schemaAt(contract.document, items).enum : undefined;
      return Array.isArray(values) ? [[field, values]] : [];
    }),
  );
  return bindResource(definition, {
    itemFields: propertyNames(contract, definition.schema),
    inputFields,
    uniqueFields: [...properties].flatMap(([field, schema]) => (schema['x-unique'] === true ? [field] : [])),
    fileFields,
    linkOrders,
  });
}

const targetsListed = 20;

/** The first few of many targets, so one bulk call keeps a readable log line. */
export function listedTargets(labels: readonly string[]): string {
  const shown = labels.slice(0, targetsListed).join('，');
  return labels.length > targetsListed ? `${shown} …(+${labels.length - targetsListed})` : shown;
}

export function operationIn(contract: Contract, operationId: string): OperationSpec {
  const operation = contract.operations.find((op) => op.operationId === operationId);
  if (!operation) throw new Error(`openapi.yaml has no operation ${operationId}`);
  return operation;
}
