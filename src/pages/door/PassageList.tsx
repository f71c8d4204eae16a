import { Divider, Table, Tag, Typography } from 'antd';
import { api, call } from '../../api';
import { useRead } from '../../api/use-read';
import type { LocalText } from '../../generated/settings';
import type { components } from '../../generated/openapi';
import { formatDateTime, useLocale } from '../../i18n';

type Passage = components['schemas']['Passage'];
type PassagePage = components['schemas']['PassagePage'];

/** How many of the latest passages a detail drawer shows. */
const latestPassages = 10;

/** The passages operations, one per kind, each under that kind's own access key. */
const passagePaths = {
  staff: '/staff/{id}/passages',
  visitor: '/visitors/{id}/passages',
  vehicle: '/vehicles/{id}/passages',
} as const;
export type PassageKind = keyof typeof passagePaths;

const texts = {
  title: { zh: '最近通行记录', en: 'Latest passages' },
  occurredAt: { zh: '通行时间', en: 'Time' },
  gate: { zh: '闸机', en: 'Gate' },
  direction: { zh: '方向', en: 'Direction' },
  result: { zh: '结果', en: 'Result' },
  none: { zh: '暂无通行记录', en: 'No passages yet' },
  failed: { zh: '通行记录加载失败', en: 'The passages could not be loaded' },
  total: (count: number): LocalText => ({ zh: `共 ${count} 条`, en: `${count} in all` }),
} as const;

const directions: Record<Passage['direction'], LocalText> = {
  in: { zh: '进', en: 'In' },
  out: { zh: '出', en: 'Out' },
};
const results: Record<Passage['result'], { readonly label: LocalText; readonly color: string }> = {
  allowed: { label: { zh: '放行', en: 'Allowed' }, color: 'success' },
  denied: { label: { zh: '拒绝', en: 'Denied' }, color: 'error' },
};

/** The latest passages of one staff member, visitor or vehicle, read under that kind's key. */
export default function LatestPassages({ kind, id }: { kind: PassageKind; id: number }) {
  const read = useRead([passagePaths[kind], id, latestPassages], () =>
    call(api.GET(passagePaths[kind], { params: { path: { id }, query: { pageSize: latestPassages } } })),
  );
  return <PassageList page={read.failed ? null : read.data} />;
}

/** The passages read (undefined while on their way, null when they failed), as a small table under the detail. */
function PassageList({ page }: { page: PassagePage | null | undefined }) {
  const { t } = useLocale();

  return (
    <section>
      <Divider />
      <Typography.Title level={5}>
        {t(texts.title)}
        {page ? <Typography.Text type="secondary"> {t(texts.total(page.total))}</Typography.Text> : null}
      </Typography.Title>
      {page === null ? (
        <Typography.Text type="danger">{t(texts.failed)}</Typography.Text>
      ) : (
        <Table<Passage>
          size="small"
          rowKey="id"
          loading={page === undefined}
          pagination={false}
          dataSource={page?.items ?? []}
          locale={{ emptyText: t(texts.none) }}
          columns={[
            {
              title: t(texts.occurredAt),
              dataIndex: 'occurredAt',
              render: (value: string) => formatDateTime(value),
            },
            { title: t(texts.gate), dataIndex: 'gate' },
            {
              title: t(texts.direction),
              dataIndex: 'direction',
              render: (value: Passage['direction']) => t(directions[value]),
            },
            {
              title: t(texts.result),
              dataIndex: 'result',
              render: (value: Passage['result']) => (
                <Tag color={results[value].color}>{t(results[value].label)}</Tag>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
