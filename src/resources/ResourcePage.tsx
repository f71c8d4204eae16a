import './resources.css';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { Button, Card, Empty, Space, Table, Tag } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '../api';
import { exportKeyOf, type ActionDescriptor, type ResourceDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import { useSession } from '../session';
import { RefreshButton } from './RefreshButton';
import { ColumnChooser } from './ColumnChooser';
import { readHiddenColumns, storeHiddenColumns } from './column-prefs';
import type { FieldInputs } from './FieldInput';
import { entityId, entityTitle, splitAnswer, type Entity, type Secret } from './form-values';
import type { FormTarget } from './FormDrawer';
import {
  emptyListState,
  lastPage,
  listQuery,
  orderOfColumn,
  pageSizeOptions,
  sortFromOrder,
} from './list-query';
import { LoadFailure } from './LoadFailure';
import { resourceApi } from './resource-api';
import { RowActions } from './RowActions';
import { SearchCard } from './SearchForm';
import { TableCell } from './TableCell';
import {
  ActionModal,
  DetailDrawer,
  FormDrawer,
  ImportDrawer,
  prefetchScreenParts,
  SecretModal,
} from './screen-parts';
import {
  bulkDeleteTitle,
  cannotUndoText,
  deletedCountText,
  emptyText,
  selectedText,
  texts,
  totalText,
} from './texts';
import { OutOfMeasureRow } from './OutOfMeasureRow';
import { useConfirm } from './use-confirm';
import { useListState } from './use-list-state';
import { useResourceList } from './use-resource-list';

/** A drawer's subject; each opening is a new session, so the drawer mounts fresh. */
interface Opened<T> {
  readonly subject: T;
  readonly open: boolean;
  readonly session: number;
}

const percentColumnWidth = 160;
/** After the list has painted, so fetching the drawers does not compete with showing it. */
const prefetchDelayMs = 300;

export interface ResourcePageProps {
  readonly descriptor: ResourceDescriptor;
  /** A page's own form inputs for some fields (the role editor's key tree), by field name. */
  readonly inputs?: FieldInputs;
  /**
   * A page's own links in a row's action column (a camera's analysis tasks), shown to readers
   * holding the resource's key; `reload` refreshes the list after they change something.
   */
  readonly rowActions?: (entity: Entity, reload: () => void) => ReactNode;
  /** A page's own content at the foot of an item's detail drawer, by the item's id. */
  readonly detailMore?: (id: number) => ReactNode;
  /** A page's own toolbar buttons (the cameras' device discovery), shown beside create to its writers. */
  readonly toolbarActions?: (reload: () => void) => ReactNode;
}

/** The generic list screen of one resource: search, toolbar, table, drawers and dialogs. */
export function ResourcePage({
  descriptor,
  inputs,
  rowActions,
  detailMore,
  toolbarActions,
}: ResourcePageProps) {
  const { t } = useLocale();
  const { access } = useSession();
  const allowed = access[descriptor.access];
  const { operations } = descriptor;
  const mayExport = operations.export && access[exportKeyOf(descriptor)];
  const [state, setState] = useListState(descriptor);
  const list = useResourceList(descriptor, state);
  const [confirm, confirmHolder] = useConfirm();
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: '', ids: [] });
  const [hidden, setHidden] = useState(() => readHiddenColumns(descriptor));
  const [formDrawer, setFormDrawer] = useState<Opened<FormTarget> | null>(null);
  const [detailDrawer, setDetailDrawer] = useState<Opened<number> | null>(null);
  const [actionModal, setActionModal] = useState<Opened<{
    action: ActionDescriptor;
    entity: Entity;
  }> | null>(null);
  const [secrets, setSecrets] = useState<readonly Secret[]>([]);
  const [exporting, setExporting] = useState(false);
  const [importDrawer, setImportDrawer] = useState<Opened<null> | null>(null);
  const sessions = useRef(0);

  const { reload } = list;
  const items = list.page?.items ?? [];
  // A selection belongs to the list it was made in: another page, filter or sort starts afresh.
  const listKey = JSON.stringify(listQuery(state));
  const selected =
    selection.key === listKey ? selection.ids.filter((id) => items.some((item) => item.id === id)) : [];
  const filtered = Object.keys(state.filters).length > 0;

  // Deleting the last rows of the last page leaves the reader past the end: show the new last page.
  const total = list.page?.total ?? 0;
  const pastTheEnd =
    !list.loading &&
    !list.refreshing &&
    list.page !== null &&
    items.length === 0 &&
    total > 0 &&
    state.page > 1;
  // Once the list is up, its drawers and dialogs load in the background (see screen-parts).
  const listShown = list.page !== null;
  useEffect(() => {
    if (!listShown) return;
    const handle = window.setTimeout(prefetchScreenParts, prefetchDelayMs);
    return () => window.clearTimeout(handle);
  }, [listShown]);

  useEffect(() => {
    if (pastTheEnd) setState({ ...state, page: lastPage(total, state.pageSize) }, { replace: true });
  }, [pastTheEnd, state, total, setState]);

  function openForm(target: FormTarget): void {
    sessions.current += 1;
    setFormDrawer({ subject: target, open: true, session: sessions.current });
  }

  // Stable, as the drawer's route guard depends on it.
  const closeForm = useCallback(() => setFormDrawer((opened) => opened && { ...opened, open: false }), []);

  function openDetail(id: number): void {
    sessions.current += 1;
    setDetailDrawer({ subject: id, open: true, session: sessions.current });
  }

  function afterSave(target: FormTarget, answer: unknown): void {
    toast('success', t(target.mode === 'create' ? texts.created : texts.saved));
    setSecrets(splitAnswer(answer).secrets);
    reload();
  }

  async function deleteOne(entity: Entity): Promise<void> {
    await resourceApi.remove(descriptor, entityId(entity));
    toast('success', t(texts.deleted));
    reload();
  }

  async function deleteSelected(): Promise<void> {
    const agreed = await confirm({
      title: t(bulkDeleteTitle(selected.length)),
      content: t(cannotUndoText),
      okText: t(texts.delete),
      danger: true,
    });
    if (!agreed) return;
    const { deleted } = await resourceApi.bulkDelete(descriptor, selected);
    toast('success', t(deletedCountText(deleted)));
    setSelection({ key: '', ids: [] });
    reload();
  }

  async function exportList(): Promise<void> {
    setExporting(true);
    try {
      await resourceApi.export(descriptor, state);
      toast('success', t(texts.exported));
    } finally {
      setExporting(false);
    }
  }

  function afterAction(action: ActionDescriptor, answer: unknown): void {
    if (action.showsSecret) setSecrets(splitAnswer(answer).secrets);
    else toast('success', t(texts.done));
    reload();
  }

  async function runAction(action: ActionDescriptor, entity: Entity): Promise<void> {
    if (action.fields.length > 0) {
      sessions.current += 1;
      setActionModal({ subject: { action, entity }, open: true, session: sessions.current });
      return;
    }
    if (action.confirm !== null && !(await confirm({ title: t(action.label), content: t(action.confirm) }))) {
      return;
    }
    afterAction(action, await resourceApi.action(action, entityId(entity)));
  }

  // Failures were already told by the api layer (a toast); nothing else to do with them here.
  const quietly = (pending: Promise<void>) => void pending.catch(() => undefined);

  const tableFields = useMemo(() => descriptor.fields.filter((field) => field.table), [descriptor]);
  // A status is what the reader scans for: it stays in sight beside the actions, pinned right,
  // however wide the other columns make the table.
  const shownFields = tableFields.filter((field) => !hidden.includes(field.name));
  const columns: TableColumnsType<Entity> = [
    ...[
      ...shownFields.filter((field) => field.widget !== 'status'),
      ...shownFields.filter((field) => field.widget === 'status'),
    ].map((field) => ({
      key: field.name,
      dataIndex: field.name,
      title: t(field.label),
      sorter: field.sortable,
      sortOrder: field.sortable ? orderOfColumn(state.sort, field.name) : undefined,
      width: field.widget === 'percent' ? percentColumnWidth : undefined,
      fixed: field.widget === 'status' ? ('right' as const) : undefined,
      render: (value: unknown, entity: Entity) => <TableCell field={field} value={value} entity={entity} />,
    })),
    {
      key: 'actions',
      title: t(texts.actions),
      fixed: 'right',
      render: (_: unknown, entity: Entity) => (
        <RowActions
          descriptor={descriptor}
          entity={entity}
          allowed={allowed}
          onDetail={() => openDetail(entityId(entity))}
          onEdit={() => openForm({ mode: 'edit', id: entityId(entity) })}
          onDelete={() => deleteOne(entity)}
          onAction={(action) => quietly(runAction(action, entity))}
        >
          {allowed && rowActions?.(entity, reload)}
        </RowActions>
      ),
    },
  ];

  const onTableChange: TableProps<Entity>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const column = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = column?.columnKey === undefined ? null : String(column.columnKey);
      setState({ ...state, page: 1, sort: field === null ? null : sortFromOrder(field, column?.order) });
    } else if (extra.action === 'paginate') {
      const pageSize = pagination.pageSize ?? state.pageSize;
      setState({ ...state, pageSize, page: pageSize === state.pageSize ? (pagination.current ?? 1) : 1 });
    }
  };

  const clearFilters = () =>
    setState({ ...emptyListState(descriptor), sort: state.sort, pageSize: state.pageSize });
  const canCreate = allowed && operations.create;
  let empty;
  if (list.failed) empty = <LoadFailure text={t(texts.loadFailed)} onRetry={reload} />;
  else if (list.page === null) empty = <div className="cfop-resource-waiting" />;
  else if (filtered) {
    empty = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(texts.noMatches)}>
        <Button onClick={clearFilters}>{t(texts.clearFilters)}</Button>
      </Empty>
    );
  } else {
    empty = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(emptyText(descriptor.title))}>
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm({ mode: 'create' })}>
            {t(texts.create)}
          </Button>
        )}
      </Empty>
    );
  }

  const toolbar = (
    <Space wrap className="cfop-resource-toolbar">
      {list.stale && (
        <Tag color="warning" className="cfop-resource-stale">
          {t(texts.staleRows)}
        </Tag>
      )}
      {selected.length > 0 && (
        <span className="cfop-resource-selected">{t(selectedText(selected.length))}</span>
      )}
      {allowed && operations.bulkDelete && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selected.length === 0}
          onClick={() => quietly(deleteSelected())}
        >
          {t(texts.bulkDelete)}
        </Button>
      )}
      {mayExport && (
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => quietly(exportList())}>
          {t(texts.export)}
        </Button>
      )}
      {allowed && operations.import && (
        <Button
          icon={<UploadOutlined />}
          onClick={() => {
            sessions.current += 1;
            setImportDrawer({ subject: null, open: true, session: sessions.current });
          }}
        >
          {t(texts.import)}
        </Button>
      )}
      {allowed && toolbarActions?.(reload)}
      {canCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm({ mode: 'create' })}>
          {t(texts.create)}
        </Button>
      )}
      <RefreshButton busy={list.refreshing} onClick={reload} />
      <ColumnChooser
        fields={tableFields}
        hidden={hidden}
        onChange={(next) => {
          setHidden(next);
          storeHiddenColumns(descriptor, next);
        }}
      />
    </Space>
  );

  return (
    <div className="cfop-stack">
      {/* The same search again asks the server again. */}
      <SearchCard descriptor={descriptor} state={state} setState={setState} onSameSearch={reload} />
      <Card variant="borderless" title={t(descriptor.title)} extra={toolbar}>
        <Table<Entity>
          rowKey="id"
          columns={columns}
          dataSource={list.failed ? [] : items}
          loading={list.loading}
          scroll={{ x: 'max-content' }}
          onChange={onTableChange}
          locale={{ emptyText: empty }}
          rowSelection={
            allowed && operations.bulkDelete
              ? {
                  selectedRowKeys: selected,
                  columnTitle: (selectAll) => <OutOfMeasureRow>{selectAll}</OutOfMeasureRow>,
                  onChange: (keys) => setSelection({ key: listKey, ids: keys.map(Number) }),
                }
              : undefined
          }
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: pageSizeOptions(descriptor),
            showTotal: (count) => t(totalText(count, list.page?.totalCapped ?? false)),
          }}
        />
      </Card>
      <Suspense fallback={null}>
        {formDrawer && (
          <FormDrawer
            key={formDrawer.session}
            descriptor={descriptor}
            target={formDrawer.subject}
            inputs={inputs}
            open={formDrawer.open}
            confirm={confirm}
            onClose={closeForm}
            onSaved={(answer) => afterSave(formDrawer.subject, answer)}
          />
        )}
        {detailDrawer && (
          <DetailDrawer
            key={detailDrawer.session}
            descriptor={descriptor}
            id={detailDrawer.subject}
            open={detailDrawer.open}
            more={detailMore?.(detailDrawer.subject)}
            onClose={() => setDetailDrawer({ ...detailDrawer, open: false })}
            onEdit={
              allowed && operations.update
                ? () => {
                    setDetailDrawer({ ...detailDrawer, open: false });
                    openForm({ mode: 'edit', id: detailDrawer.subject });
                  }
                : undefined
            }
          />
        )}
        {actionModal && (
          <ActionModal
            key={actionModal.session}
            action={actionModal.subject.action}
            id={entityId(actionModal.subject.entity)}
            target={entityTitle(descriptor, actionModal.subject.entity)}
            open={actionModal.open}
            onClose={() => setActionModal({ ...actionModal, open: false })}
            onDone={(answer) => {
              setActionModal({ ...actionModal, open: false });
              afterAction(actionModal.subject.action, answer);
            }}
          />
        )}
        {importDrawer && (
          <ImportDrawer
            key={importDrawer.session}
            descriptor={descriptor}
            open={importDrawer.open}
            onClose={() => setImportDrawer({ ...importDrawer, open: false })}
            onImported={() => {
              setImportDrawer({ ...importDrawer, open: false });
              reload();
            }}
          />
        )}
        {secrets.length > 0 && <SecretModal secrets={secrets} onClose={() => setSecrets([])} />}
      </Suspense>
      {confirmHolder}
    </div>
  );
}
