import { Tooltip } from 'antd';
import type { FieldDescriptor } from './descriptors';
import { useLocale } from '../i18n';
import { FieldValue, fieldLabels, type FieldValueProps } from './FieldValue';

/**
 * The widest a cell of these widgets grows (px) before its text ends in "…": a long name would
 * otherwise widen its column and push the status and actions off a 1280 px screen.
 */
const cappedWidths: Partial<Record<FieldDescriptor['widget'], number>> = {
  text: 220,
  textarea: 260,
  reference: 200,
  references: 240,
  tags: 240,
};

/** One table cell: the field's value, cut to its widget's width with the whole text in a tooltip. */
export function TableCell({ field, value, entity }: FieldValueProps) {
  const { t } = useLocale();
  const shown = <FieldValue field={field} value={value} entity={entity} />;
  const maxWidth = cappedWidths[field.widget];
  const whole = fieldLabels(field, value, entity, t);
  if (maxWidth === undefined || whole === null) return shown;
  return (
    <Tooltip title={whole} placement="topLeft">
      <span className="cfop-resource-cell" style={{ maxWidth }}>
        {shown}
      </span>
    </Tooltip>
  );
}
