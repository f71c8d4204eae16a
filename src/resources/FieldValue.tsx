import { Badge, Progress, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import type { FieldDescriptor, FieldOption } from '../generated/resources';
import { useLocale } from '../i18n';
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

function formatDateTime(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(date);
}

/** One field's value as the table and the detail drawer show it, by its widget. */
export function FieldValue({ field, value }: { field: FieldDescriptor; value: unknown }) {
  const { locale, t } = useLocale();
  if (value === null || value === undefined || value === '') {
    return <span className="cfop-resource-none">{t(texts.noValue)}</span>;
  }
  if (field.upload !== null && typeof value === 'number') {
    return (
      <Suspense fallback={`#${value}`}>
        <StoredFileValue field={field} target={field.upload} id={value} />
      </Suspense>
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
        percent={percent}
        size="small"
        status={percent >= busyPercent ? 'exception' : 'normal'}
        format={() => `${percent}%`}
      />
    );
  }
  if (field.widget === 'datetime' && typeof value === 'string') return formatDateTime(value, locale);
  if (typeof value === 'boolean') return t(value ? texts.yes : texts.no);
  if (field.widget === 'password') return '••••••';
  return String(value);
}
