import { DatePicker } from 'antd';
import { useLocale } from '../i18n';
import { fromDay, pickerShape, toDay } from './DateInput';
import { texts } from './texts';

/** A range as the search form keeps it: wire values (ISO date-times or dates), either end open. */
export type RangeValue = readonly [string | null, string | null];

/** A date or date-time range picker for a range filter (`x-filter: from | to`). */
export default function RangeInput(props: {
  dateOnly: boolean;
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
      {...pickerShape(props.dateOnly)}
      allowEmpty={[true, true]}
      placeholder={[t(texts.rangeFrom), t(texts.rangeTo)]}
      value={[toDay(from), toDay(to)]}
      onChange={(days) => {
        const [start, end] = days ?? [null, null];
        props.onChange?.(
          start || end ? [fromDay(start, props.dateOnly), fromDay(end, props.dateOnly)] : undefined,
        );
      }}
    />
  );
}
