import { Badge, Progress, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import type { LocalText } from '../generated/settings';
import type { FieldDescriptor, FieldOption } from './descriptors';
import { formatDateTime, formatPercent, useLocale } from '../i18n';
import type { Entity } from './form-values';
import { texts } from './texts';

// antd Badge's named states; any other option colour is drawn as a plain colour dot.
const badgeStatuses = new Set(['success', 'processing', 'default', 'error', 'warning']);
const busyPercent = 90;

const StoredFileValue = lazy(() => import('./upload/StoredFileValue'));

function StatusBadge({ option, text }: { option: FieldOption; text: string }) {
  const color = option.color ?? 'default';
  return badgeStatuses.has(color) ? (
    <Badge status={color as 'success' | 'processing' | 'default' | 'error' | 'warning'} text={text} />
  ) : (
    <Badge color={color} text={text} />
  );
}

/** The labels a row carries for a reference field's ids, or the ids themselves when it has none. */
function referenceLabels(field: FieldDescriptor, value: unknown, entity: Entity): string[] {
  const carried = field.reference === null ? undefined : entity[field.reference.label];
  const labels = Array.isArray(carried) ? carried : carried === undefined ? [] : [carried];
  const ids = Array.isArray(value) ? value : [value];
  return ids.map((id, index) => {
    const label: unknown = labels[index];
    return typeof label === 'string' ? label : `#${String(id)}`;
  });
}

/** The labels of a reference field's ids or of an array's items (their options' labels, if any). */
function listLabels(
  field: FieldDescriptor,
  value: unknown,
  entity: Entity,
  t: (text: LocalText) => string,
): string[] {
  if (field.reference !== null) return referenceLabels(field, value, entity);
  return (value as unknown[]).map((item) => {
    const option = field.options?.find((candidate) => candidate.value === item);
    return option === undefined ? String(item) : t(option.label);
  });
}

/**
 * A text, reference or list field's value as plain text (the whole of what a cut cell shows), or
 * null for an empty value and for the widgets drawn as something else.
 */
export function fieldLabels(
  field: FieldDescriptor,
  value: unknown,
  entity: Entity,
  t: (text: LocalText) => string,
): string | null {
  if (value === null || value === undefined || value === '' || field.widget === 'password') return null;
  if (field.reference !== null || Array.isArray(value)) {
    const labels = listLabels(field, value, entity, t);
    return labels.length === 0 ? null : labels.join(', ');
  }
  return typeof value === 'string' && field.options === null ? value : null;
}

/** A field's value and the entity it belongs to (references read their labels from it). */
export type FieldValueProps = { field: FieldDescriptor; value: unknown; entity: Entity };

/** One field's value as the table and the detail drawer show it, by its widget. */
export function FieldValue({ field, value, entity }: FieldValueProps) {
  const { t } = useLocale();
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <span className="cfop-resource-none">{t(texts.noValue)}</span>;
  }
  if (field.upload !== null && typeof value === 'number') {
    return (
      <Suspense fallback={`#${value}`}>
        <StoredFileValue field={field} target={field.upload} id={value} />
      </Suspense>
    );
  }
  if (field.reference !== null || Array.isArray(value)) {
    const shown = listLabels(field, value, entity, t);
    if (field.widget === 'reference') return shown[0];
    return (
      <span className="cfop-resource-tags">
        {shown.map((text, index) => (
          <Tag key={index}>{text}</Tag>
        ))}
      </span>
    );
  }
  const option = field.options?.find((candidate) => candidate.value === value);
  if (option) {
    if (field.widget === 'status') return <StatusBadge option={option} text={t(option.label)} />;
    return option.color === null ? t(option.label) : <Tag color={option.color}>{t(option.label)}</Tag>;
  }
  if (field.widget === 'percent' && typeof value === 'number') {
    const percent = Math.round(value * 10) / 10;
    return (
      <Progress
        className="cfop-resource-percent"
        // A progress bar needs a name: the field's, with the figure it shows.
        aria-label={`${t(field.label)} ${percent}%`}
        percent={percent}
        size="small"
        status={percent >= busyPercent ? 'exception' : 'normal'}
        format={() => `${percent}%`}
      />
    );
  }
  if (field.widget === 'ratio' && typeof value === 'number') return formatPercent(value);
  if (field.widget === 'datetime' && typeof value === 'string') return formatDateTime(value);
  if (typeof value === 'boolean') return t(value ? texts.yes : texts.no);
  if (field.widget === 'password') return '••••••';
  return String(value);
}
