import { Readable } from 'node:stream';
import type { components } from '../../src/generated/openapi';
import { createSchemaCompiler } from '../contract/schema-compiler';
import type { LocalText } from '../kernel/locale';
import type { ReceivedFile } from '../operations/received-file';
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
import { csvRecord, utf8Bom } from './csv';
import { importCsv, importTemplateHeaders, type ImportReport, type ImportWrite } from './csv-import';
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
  /** Creates items from a CSV file as the export writes it, all or none (see csv-import); needs `create`. */
  readonly import?: OperationId;
  /** The header row the import reads, as a CSV file. */
  readonly importTemplate?: OperationId;
}

/**
 * What a resource's handlers do around the generic writes, so that every way of writing (create,
 * update, import, delete) runs it alike.
 */
export interface ResourceWriteHooks<Ctx extends PlatformContext = PlatformContext> {
  /** A valid create (`id` null) or update body as it is stored; refuses with a 400 naming its fields. */
  readonly toStore?: (
    ctx: Ctx,
    body: Readonly<Record<string, unknown>>,
    id: number | null,
  ) => Promise<Record<string, unknown>>;
  /** After a write committed, for what follows the resource's rows outside the database. */
  readonly committed?: (ctx: Ctx) => void;
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
type WithFile = { readonly file: ReceivedFile | null };
type IdList = components['schemas']['IdList'];
type ResourceHandler<Ctx> = (input: never, ctx: Ctx) => Promise<unknown>;

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
export function resourceOperations<
  const Ids extends ResourceOperationIds,
  Ctx extends PlatformContext = PlatformContext,
>(definition: ResourceDefinition, ids: Ids, hooks: ResourceWriteHooks<Ctx> = {}): ResourceHandlers<Ids> {
  const resourceIn = resourceBinding(definition, ids);
  const actorOf = (input: Pick<OperationInput, 'session'>) => input.session?.userId ?? null;
  const shapes = new WeakMap<OperationSpec, ListShape>();
  const shapeOf = (ctx: PlatformContext, operationId: string) => {
    const operation = operationIn(ctx.contract, operationId);
    const shape = shapes.get(operation) ?? listFacts(operation.parameters);
    shapes.set(operation, shape);
    return shape;
  };

  const toStore = (ctx: Ctx, body: Readonly<Record<string, unknown>>, id: number | null) =>
    hooks.toStore ? hooks.toStore(ctx, body, id) : Promise.resolve({ ...body });
  const committed = async <T>(ctx: Ctx, written: Promise<T>): Promise<T> => {
    const answer = await written;
    hooks.committed?.(ctx);
    return answer;
  };

  const handlers: Record<string, ResourceHandler<Ctx>> = {};
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
      const body = await toStore(ctx, input.body, null);
      const { item, answer } = await committed(ctx, createItem(ctx, resource, body, actorOf(input)));
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
      const body = await toStore(ctx, input.body, id);
      const { item, before, changed } = await committed(
        ctx,
        updateItem(ctx, resource, id, body, actorOf(input)),
      );
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
      const [deleted] = await committed(
        ctx,
        deleteItems(ctx, resource, [id], { actorId: actorOf(input), field: 'id' }),
      );
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
      const deleted = await committed(
        ctx,
        deleteItems(ctx, resource, requested, { actorId: actorOf(input), field: 'ids' }),
      );
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
  if (ids.import) {
    const writer = ids.create;
    if (!writer) throw new Error(`resource ${definition.schema}: import needs its create operation`);
    handlers[ids.import] = async (input: ResourceInput<WithQuery & WithFile>, ctx) => {
      const resource = resourceIn(ctx);
      const { file } = input;
      // The contract's x-max-bytes keeps an import's file in memory (receiveUpload).
      if (!file || !('bytes' in file))
        throw new Error(`${String(ids.import)}: the file was not kept in memory`);
      const report = await importCsv(ctx, resource, importWrite(ctx, writer, toStore), {
        bytes: file.bytes,
        lang: input.lang,
        dryRun: input.query.dryRun === true,
        actorId: actorOf(input),
      });
      input.audit.target = file.name;
      input.audit.detail = importDetail(report);
      if (report.imported > 0) hooks.committed?.(ctx);
      return report;
    };
  }
  if (ids.importTemplate) {
    handlers[ids.importTemplate] = async (input: ResourceInput<WithQuery>, ctx) => {
      const resource = resourceIn(ctx);
      const header = csvRecord(importTemplateHeaders(resource, input.lang));
      return new FileAnswer(
        `${resource.plural}-import-template.csv`,
        'text/csv; charset=utf-8',
        Readable.from([utf8Bom + header]),
      );
    };
  }
  return contractTyped(handlers);
}

/** The create body's schema as an import checks each row by it: compiled as the request's body is. */
function importWrite<Ctx extends PlatformContext>(
  ctx: Ctx,
  createId: string,
  toStore: (
    ctx: Ctx,
    body: Readonly<Record<string, unknown>>,
    id: number | null,
  ) => Promise<Record<string, unknown>>,
): ImportWrite {
  const body = operationIn(ctx.contract, createId).requestBody;
  if (!body) throw new Error(`${createId} has no JSON body to import rows as`);
  const schema = schemaAt(ctx.contract.document, body.schema);
  const numericFields = new Set(
    propertySchemas(ctx.contract, schema)
      .filter(([, property]) =>
        [schemaAt(ctx.contract.document, property).type]
          .flat()
          .some((one) => one === 'integer' || one === 'number'),
      )
      .map(([field]) => field),
  );
  return {
    schema,
    numericFields,
    validate: createSchemaCompiler(ctx.contract, { coerceTypes: false })(body.schema),
    toStore: (row) => toStore(ctx, row, null),
  };
}

/** The operation log's detail of an import: how many rows were written, or why none were. */
function importDetail(report: ImportReport): LocalText {
  const refused = new Set(report.problems.map((problem) => problem.line)).size;
  if (report.dryRun) {
    return {
      zh: `试导入：共 ${report.rows} 行，${refused} 行有误，未写入`,
      en: `dry run: ${report.rows} rows, ${refused} refused, nothing written`,
    };
  }
  if (refused > 0) {
    return {
      zh: `未导入：共 ${report.rows} 行，${refused} 行有误`,
      en: `nothing imported: ${refused} of ${report.rows} rows refused`,
    };
  }
  return { zh: `导入 ${report.imported} 项`, en: `imported ${report.imported}` };
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
