import {
  api,
  call,
  fetchFileBlob,
  upload,
  type ApiAnswer,
  type CallOptions,
  type UploadOptions,
} from '../api';
import type { ActionDescriptor, FieldReference, FieldUpload, ResourceDescriptor } from './descriptors';
import type { components } from '../generated/openapi';
import type { Entity } from './form-values';
import type { ImportReport } from './import-check';
import { filterQuery, listQuery, type ListState } from './list-query';

export interface ListPage {
  readonly items: readonly Entity[];
  readonly total: number;
  /** More match than the server counts: `total` is its cap. */
  readonly totalCapped: boolean;
  readonly page: number;
  readonly pageSize: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestInit {
  readonly params?: {
    readonly path?: Readonly<Record<string, number>>;
    readonly query?: Readonly<Record<string, string | number>>;
  };
  readonly body?: unknown;
}

type UntypedClient = Record<Method, (path: string, init?: RequestInit) => ApiAnswer<unknown>>;

// The descriptor's paths are checked against openapi.yaml by codegen, so the typed client's
// per-path checking has nothing to add here; this is the one place the two meet.
const client = api as unknown as UntypedClient;

function request<T>(method: Method, path: string, init?: RequestInit, options?: CallOptions): Promise<T> {
  return call(client[method](path, init) as ApiAnswer<T>, options);
}

const byId = (id: number) => ({ path: { id } });

/** The generic resource operations, through src/api's client (headers, toasts, downloads). */
export const resourceApi = {
  list: (d: ResourceDescriptor, state: ListState) =>
    request<ListPage>('GET', d.paths.collection, { params: { query: listQuery(state) } }),
  get: (d: ResourceDescriptor, id: number) => request<Entity>('GET', d.paths.item, { params: byId(id) }),
  /** `formFields`: those of the form that shows the server's field messages, which no toast then repeats. */
  create: (d: ResourceDescriptor, body: Record<string, unknown>, formFields?: readonly string[]) =>
    request<unknown>('POST', d.paths.collection, { body }, { formFields }),
  update: (
    d: ResourceDescriptor,
    id: number,
    body: Record<string, unknown>,
    formFields?: readonly string[],
  ) => request<Entity>('PUT', d.paths.item, { params: byId(id), body }, { formFields }),
  remove: (d: ResourceDescriptor, id: number) =>
    request<unknown>('DELETE', d.paths.item, { params: byId(id) }),
  bulkDelete: (d: ResourceDescriptor, ids: readonly number[]) =>
    request<{ deleted: number }>('POST', requirePath(d.paths.bulkDelete, 'bulk delete'), { body: { ids } }),
  /** The file downloads through the client's middleware; resolving means it was saved. */
  export: (d: ResourceDescriptor, state: ListState) =>
    request<unknown>('GET', requirePath(d.paths.export, 'export'), { params: { query: filterQuery(state) } }),
  /**
   * Sends a CSV file to the resource's import, checking only on a dry run; a refusal of the file as a
   * whole names `file`, which the import drawer shows in place of a toast.
   */
  importCsv: (d: ResourceDescriptor, file: File, dryRun: boolean) =>
    upload<ImportReport>(
      `${requirePath(d.paths.import, 'import')}${dryRun ? '?dryRun=true' : ''}`,
      'file',
      file,
      { formFields: ['file'] },
    ),
  /** The import's header row, downloaded as a CSV file. */
  importTemplate: (d: ResourceDescriptor) =>
    request<unknown>('GET', requirePath(d.paths.importTemplate, 'import template')),
  /** `body`: the action form's values, for an action whose operation takes one. */
  action: (action: ActionDescriptor, id: number, body?: Record<string, unknown>) =>
    request<unknown>(action.method.toUpperCase() as Method, action.path, {
      params: byId(id),
      ...(body === undefined ? {} : { body }),
    }),
  /** Sends a file to a field's upload operation; answers the stored file (components.schemas.StoredFile). */
  upload: (target: FieldUpload, file: File, options: UploadOptions) =>
    upload<StoredFile>(target.path, target.part, file, options),
  /** Saves a stored file through the browser's download, under its uploaded name. */
  download: (target: FieldUpload, id: number) =>
    request<unknown>('GET', target.download, { params: byId(id) }),
  /** A stored file's bytes, to preview in place. */
  blob: (target: FieldUpload, id: number, signal?: AbortSignal) =>
    fetchFileBlob(target.download.replace('{id}', String(id)), { signal }),
};

/** A stored file as its upload answers it. */
export type StoredFile = components['schemas']['StoredFile'];

type ChoiceList = components['schemas']['ChoiceList'];

/**
 * What a reference field's select asks of its own resource's choices operation: the first choices
 * whose label contains the text (all, by label, when it is empty; the server caps them), and the
 * labels of chosen ids nobody has told it yet (a shared link's filter).
 */
export const referenceApi = {
  search: (reference: FieldReference, field: string, text: string) =>
    request<ChoiceList>('GET', reference.choices, {
      params: { query: { field, ...(text === '' ? {} : { q: text }) } },
    }),
  labels: (reference: FieldReference, field: string, ids: readonly number[]) =>
    request<ChoiceList>('GET', reference.choices, {
      params: { query: { field, ids: ids.join(',') } },
    }),
};

function requirePath(path: string | null, operation: string): string {
  if (path === null) throw new Error(`the resource has no ${operation} operation`);
  return path;
}
