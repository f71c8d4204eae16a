import { Descriptions } from 'antd';
import type { ResourceDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import { FieldValue } from './FieldValue';
import type { Entity } from './form-values';

/** An entity's `detail` fields, labelled, as the detail drawers show them. */
export function DetailFields(props: { descriptor: ResourceDescriptor; entity: Entity; columns?: number }) {
  const { t } = useLocale();
  const { descriptor, entity } = props;
  return (
    <Descriptions
      bordered
      column={props.columns ?? 1}
      size={props.columns === undefined ? 'middle' : 'small'}
      className="cfop-resource-detail"
      items={descriptor.fields
        .filter((field) => field.detail)
        .map((field) => ({
          key: field.name,
          label: t(field.label),
          children: <FieldValue field={field} value={entity[field.name]} entity={entity} />,
        }))}
    />
  );
}
