import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { DateInputProps } from './date-input-props';
import { fromDay, pickerShape, toDay } from './picker-values';

/** antd's date or date-time picker holding the field's wire value (loaded lazily by DateInput). */
export default function DatePickerInput(props: DateInputProps) {
  const { dateOnly, value, onChange, ...linked } = props;
  const [open, setOpen] = useState(false);
  return (
    <DatePicker
      {...linked}
      value={toDay(value)}
      {...pickerShape(dateOnly)}
      onChange={(day: Dayjs | null) => onChange?.(fromDay(day, dateOnly))}
      onOpenChange={setOpen}
      // Enter in an open picker takes the typed date; the browser would also submit the form.
      onKeyDown={(event) => {
        if (open && event.key === 'Enter') event.preventDefault();
      }}
    />
  );
}
