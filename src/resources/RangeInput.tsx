import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useLocale } from '../i18n';
import { texts } from './texts';

/** A range as the search form keeps it: ISO date-times, either end open. */
export type RangeValue = readonly [string | null, string | null];

const toDay = (iso: string | null): Dayjs | null => (iso === null ? null : dayjs(iso));

/**
 * A date-time range picker for a range filter (`x-filter: from | to`). Loaded only by screens that
 * have one, so antd's DatePicker stays out of the others.
 */
export default function RangeInput(props: {
  id?: string;
  value?: RangeValue;
  onChange?: (value: RangeValue | undefined) => void;
}) {
  const { t } = useLocale();
  const [from, to] = props.value ?? [null, null];
  return (
    <DatePicker.RangePicker
      id={props.id}
      className="cfop-resource-search-range"
      showTime={{ format: 'HH:mm:ss' }}
      format="YYYY-MM-DD HH:mm:ss"
      allowEmpty={[true, true]}
      placeholder={[t(texts.rangeFrom), t(texts.rangeTo)]}
      value={[toDay(from), toDay(to)]}
      onChange={(days) => {
        const [start, end] = days ?? [null, null];
        props.onChange?.(
          start || end ? [start?.toISOString() ?? null, end?.toISOString() ?? null] : undefined,
        );
      }}
    />
  );
}
