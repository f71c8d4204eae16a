import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useLocale } from '../../i18n';
import { dashboardTexts } from './dashboard-texts';
import { customDays, customPeriod, maxRangeDays, type Period } from './period';

/**
 * The range of days an operator picks for a custom period (none in the future, up to 366 days). A
 * chunk of its own: antd's date picker is the dashboard's largest part after ECharts, and most
 * operators keep to the presets.
 */
export default function CustomRange(props: { period: Period; onChange(period: Period): void }) {
  const { t } = useLocale();
  const { period, onChange } = props;
  return (
    <DatePicker.RangePicker
      aria-label={t(dashboardTexts.custom)}
      placeholder={[t(dashboardTexts.rangeFrom), t(dashboardTexts.rangeTo)]}
      value={customDays(period)}
      defaultOpen={period.kind !== 'custom'}
      allowClear={false}
      disabledDate={(day, { from }) =>
        day.isAfter(dayjs(), 'day') || (from !== undefined && Math.abs(day.diff(from, 'day')) >= maxRangeDays)
      }
      onChange={(days) => {
        const [first, last] = days ?? [null, null];
        if (first && last) onChange(customPeriod(first, last));
      }}
    />
  );
}
