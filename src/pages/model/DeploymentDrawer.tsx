import { Alert, Badge, Button, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { ConfirmPopover } from '../../resources/ConfirmPopover';
import { ScreenDrawer } from '../../resources/screen-overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call, toast } from '../../api';
import { useRead } from '../../api/use-read';
import type { components } from '../../generated/openapi';
import { formatDateTime, useLocale } from '../../i18n';
import './model.css';
import { deploymentStatuses, deploymentTexts as texts } from './deployment-texts';

type Deployment = components['schemas']['ModelDeployment'];

export interface DeployedModel {
  readonly id: number;
  readonly name: string;
  readonly version: string;
}

const drawerWidth = 880;
/** What the drawer shows above the table's rows: its header, the hint, the buttons, the filter and the table's head. */
const aboveRows = 330;

/** The servers whose name or IP holds the typed text. */
function matching(items: readonly Deployment[], text: string): readonly Deployment[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return items;
  return items.filter(
    (item) => item.aiServerName.toLowerCase().includes(wanted) || item.aiServerIp.includes(wanted),
  );
}

/**
 * A model's deployment on every AI server: the status each reported (pending until it does), and
 * the operator deploys to or withdraws from the servers chosen in the table. Every server is
 * loaded at once (a site may run thousands): the table renders only the rows in view, and a
 * filter by name or IP finds one.
 */
export default function DeploymentDrawer(props: { model: DeployedModel; open: boolean; onClose(): void }) {
  const { t } = useLocale();
  const { model } = props;
  const client = useQueryClient();
  const key = ['/models/{id}/deployments', model.id];
  const read = useRead(key, () =>
    call(api.GET('/models/{id}/deployments', { params: { path: { id: model.id } } })),
  );
  const items = read.data?.items ?? null;
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState('');

  async function change(kind: 'deploy' | 'withdraw'): Promise<void> {
    setBusy(true);
    try {
      const request = { params: { path: { id: model.id } }, body: { aiServerIds: selected } };
      const answer = await call(
        kind === 'deploy'
          ? api.POST('/models/{id}/deployments', request)
          : api.POST('/models/{id}/deployments/withdraw', request),
      );
      // The change answers the deployments as they now are: no second read.
      client.setQueryData(key, answer);
      setSelected([]);
      toast('success', t(kind === 'deploy' ? texts.deployed : texts.withdrawn));
    } catch {
      // call() has shown why.
    } finally {
      setBusy(false);
    }
  }

  const time = (value: string | null) =>
    value === null ? <span className="cfop-resource-none">—</span> : formatDateTime(value);
  const anyDeployed =
    items?.some((item) => selected.includes(item.aiServerId) && item.status !== null) ?? false;
  return (
    <ScreenDrawer
      open={props.open}
      size={drawerWidth}
      title={`${t(texts.title)} · ${model.name} ${model.version}`}
      onClose={props.onClose}
      destroyOnHidden
      extra={
        <Button onClick={read.retry} disabled={busy}>
          {t(texts.refresh)}
        </Button>
      }
    >
      <Space direction="vertical" size="middle" className="cfop-deployments">
        <Alert type="info" showIcon message={t(texts.hint)} />
        <Space>
          <Button
            type="primary"
            disabled={selected.length === 0}
            loading={busy}
            onClick={() => void change('deploy')}
          >
            {t(texts.deploySelected)}
          </Button>
          <ConfirmPopover
            title={t(texts.withdrawConfirm)}
            okButtonProps={{ danger: true }}
            onConfirm={() => change('withdraw')}
            disabled={!anyDeployed}
          >
            <Button danger disabled={!anyDeployed || busy}>
              {t(texts.withdrawSelected)}
            </Button>
          </ConfirmPopover>
          {selected.length > 0 && (
            <Typography.Text type="secondary">
              {t(texts.selected).replace('{n}', String(selected.length))}
            </Typography.Text>
          )}
        </Space>
        <Input.Search
          allowClear
          aria-label={t(texts.filter)}
          placeholder={t(texts.filter)}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        {read.failed ? (
          <Alert
            type="error"
            showIcon
            message={t({ zh: '部署情况加载失败', en: 'Deployments could not be loaded' })}
          />
        ) : (
          <Table<Deployment>
            rowKey="aiServerId"
            size="middle"
            loading={items === null}
            dataSource={matching(items ?? [], filter)}
            pagination={false}
            virtual
            scroll={{ y: Math.max(240, window.innerHeight - aboveRows) }}
            locale={{ emptyText: <Empty description={t(texts.noServers)} /> }}
            rowSelection={{
              selectedRowKeys: selected,
              // Servers chosen and then filtered out of view stay chosen.
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys.map(Number)),
            }}
            columns={[
              {
                title: t(texts.server),
                key: 'server',
                width: 200,
                render: (_, item) => (
                  <span>
                    {item.aiServerName}
                    <Typography.Text type="secondary" className="cfop-deployment-ip">
                      {item.aiServerIp}
                    </Typography.Text>
                  </span>
                ),
              },
              {
                title: t(texts.serverStatus),
                key: 'online',
                width: 84,
                render: (_, item) => (
                  <Badge
                    status={item.aiServerStatus === 'online' ? 'success' : 'default'}
                    text={t(item.aiServerStatus === 'online' ? texts.online : texts.offline)}
                  />
                ),
              },
              {
                title: t(texts.status),
                key: 'status',
                width: 96,
                render: (_, item) =>
                  item.status === null ? (
                    <Tag>{t(texts.notDeployed)}</Tag>
                  ) : (
                    <Tag
                      color={deploymentStatuses[item.status].color}
                      className={`cfop-deployment-${item.status}`}
                    >
                      {t(deploymentStatuses[item.status].label)}
                    </Tag>
                  ),
              },
              {
                title: t(texts.requestedAt),
                key: 'requestedAt',
                width: 150,
                render: (_, item) => time(item.requestedAt),
              },
              {
                title: t(texts.reportedAt),
                key: 'reportedAt',
                width: 150,
                render: (_, item) => time(item.reportedAt),
              },
              {
                title: t(texts.message),
                key: 'message',
                ellipsis: true,
                render: (_, item) => item.message || <span className="cfop-resource-none">—</span>,
              },
            ]}
          />
        )}
      </Space>
    </ScreenDrawer>
  );
}
