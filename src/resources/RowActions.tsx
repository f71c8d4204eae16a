import DownOutlined from '@ant-design/icons/DownOutlined';
import { Button, Dropdown, Space } from 'antd';
import { ConfirmPopover } from './ConfirmPopover';
import type { ReactNode } from 'react';
import type { ActionDescriptor, ResourceDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import { entityTitle, type Entity } from './form-values';
import { actionsFor } from './row-action-rules';
import { cannotUndoText, deleteTitle, texts } from './texts';

/**
 * The links of one table row: details, edit, a page's own links (children), delete, and under
 * More the resource's own actions that apply to the row (their `when`); only details when the
 * reader may not change the resource.
 */
export function RowActions(props: {
  descriptor: ResourceDescriptor;
  entity: Entity;
  allowed: boolean;
  onDetail(): void;
  onEdit(): void;
  onDelete(): Promise<void>;
  onAction(action: ActionDescriptor): void;
  children?: ReactNode;
}) {
  const { t } = useLocale();
  const { operations } = props.descriptor;
  const actions = actionsFor(props.descriptor.actions, props.entity);
  return (
    <Space size={0} wrap={false} className="cfop-resource-row-actions">
      {operations.get && (
        <Button type="link" size="small" onClick={props.onDetail}>
          {t(texts.detail)}
        </Button>
      )}
      {props.allowed && operations.update && (
        <Button type="link" size="small" onClick={props.onEdit}>
          {t(texts.edit)}
        </Button>
      )}
      {props.children}
      {props.allowed && operations.delete && (
        <ConfirmPopover
          title={t(deleteTitle(entityTitle(props.descriptor, props.entity)))}
          description={t(cannotUndoText)}
          okText={t(texts.delete)}
          cancelText={t(texts.cancel)}
          okButtonProps={{ danger: true }}
          // Closed whatever the answer: a refusal has its toast already, and a confirmation left
          // open after it would be toggled shut by the next click on this Delete link.
          onConfirm={() => props.onDelete().catch(() => undefined)}
        >
          <Button type="link" size="small" danger>
            {t(texts.delete)}
          </Button>
        </ConfirmPopover>
      )}
      {props.allowed && actions.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: actions.map((action) => ({ key: action.name, label: t(action.label) })),
            onClick: ({ key }) => {
              const action = actions.find((candidate) => candidate.name === key);
              if (action) props.onAction(action);
            },
          }}
        >
          <Button type="link" size="small">
            {t(texts.more)} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
