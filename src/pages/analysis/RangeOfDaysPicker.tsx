import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useLocale } from '../../i18n';
import { pastDayPresets } from '../../resources/range-presets';
import { dashboardTexts } from './dashboard-texts';
import { customDays, customPeriod, maxRangeDays, type Period } from './period';

/**
 * The range of days an operator picks for the dashboard (up to 366, none in the future); it opens
 * at once when chosen anew, and reports the period once both days are picked. A module of its own:
 * antd's date picker is a sixth of the dashboard's code and most visits use a preset.
 */
export default function RangeOfDaysPicker(props: { period: Period; onPicked(period: Period): void }) {
  const { t } = useLocale();
  const { period, onPicked } = props;
  return (
    <DatePicker.RangePicker
      aria-label={t(dashboardTexts.custom)}
      placeholder={[t(dashboardTexts.rangeFrom), t(dashboardTexts.rangeTo)]}
      value={customDays(period)}
      defaultOpen={period.kind !== 'custom'}
      allowClear={false}
      presets={pastDayPresets(t)}
      disabledDate={(day, { from }) =>
        day.isAfter(dayjs(), 'day') || (from !== undefined && Math.abs(day.diff(from, 'day')) >= maxRangeDays)
      }
      onChange={(days) => {
        const [first, last] = days ?? [null, null];
        if (first && last) onPicked(customPeriod(first, last));
      }}
    />
  );
}
