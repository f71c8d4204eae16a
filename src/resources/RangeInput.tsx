import { DatePicker } from 'antd';
import { useLocale } from '../i18n';
import { fromDay, pickerShape, toDay } from './picker-values';
import { pickerPresets } from './range-presets';
import { texts } from './texts';

/** A range as the search form keeps it: wire values (ISO date-times or dates), either end open. */
export type RangeValue = readonly [string | null, string | null];

export interface RangeInputProps {
  readonly dateOnly: boolean;
  readonly id?: string;
  readonly value?: RangeValue;
  readonly onChange?: (value: RangeValue | undefined) => void;
}

/** antd's range picker for a range filter (loaded lazily, see DateInput's RangeInput). */
export default function RangePickerInput(props: RangeInputProps) {
  const { t } = useLocale();
  const [from, to] = props.value ?? [null, null];
  return (
    <DatePicker.RangePicker
      id={props.id}
      className="cfop-resource-search-range"
      {...pickerShape(props.dateOnly)}
      allowEmpty={[true, true]}
      presets={pickerPresets(t)}
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
