import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import type { FieldDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import { texts } from './texts';

/** Lets the reader hide and show table columns; at least one stays visible. */
export function ColumnChooser(props: {
  fields: readonly FieldDescriptor[];
  hidden: readonly string[];
  onChange(hidden: string[]): void;
}) {
  const { t } = useLocale();
  const visibleCount = props.fields.length - props.hidden.length;
  const content = (
    <div className="cfop-resource-columns">
      {props.fields.map((field) => {
        const visible = !props.hidden.includes(field.name);
        return (
          <Checkbox
            key={field.name}
            checked={visible}
            disabled={visible && visibleCount === 1}
            onChange={(event) =>
              props.onChange(
                event.target.checked
                  ? props.hidden.filter((name) => name !== field.name)
                  : [...props.hidden, field.name],
              )
            }
          >
            {t(field.label)}
          </Checkbox>
        );
      })}
      <Button
        type="link"
        size="small"
        disabled={props.hidden.length === 0}
        onClick={() => props.onChange([])}
      >
        {t(texts.columnsReset)}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t(texts.columns)} content={content}>
      <Tooltip title={t(texts.columns)}>
        <Button icon={<SettingOutlined />} aria-label={t(texts.columns)} />
      </Tooltip>
    </Popover>
  );
}
