import type { components } from '../../generated/openapi';
import type { LocalText } from '../../generated/settings';

type AlertLevel = components['schemas']['AlertLevel'];
type AlertStatus = components['schemas']['AlertStatus'];

/**
 * The alert levels' and statuses' labels and badge colours, as the manifest gives them to the alert
 * wall (screen-links.test.ts holds the two equal). Read from the generated resource descriptors
 * they would pull every resource screen's descriptor into the dashboard's and the home page's chunks.
 */
export const levelOptions: Record<AlertLevel, { label: LocalText; color: string }> = {
  low: { label: { zh: '低', en: 'Low' }, color: 'default' },
  medium: { label: { zh: '中', en: 'Medium' }, color: 'processing' },
  high: { label: { zh: '高', en: 'High' }, color: 'warning' },
  critical: { label: { zh: '紧急', en: 'Critical' }, color: 'error' },
};

export const statusOptions: Record<AlertStatus, { label: LocalText; color: string }> = {
  pending: { label: { zh: '待处理', en: 'Pending' }, color: 'processing' },
  confirmed: { label: { zh: '已确认', en: 'Confirmed' }, color: 'success' },
  dismissed: { label: { zh: '已忽略', en: 'Dismissed' }, color: 'default' },
};
