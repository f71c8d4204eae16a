import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

// A `format: date` field travels as `YYYY-MM-DD`, a `format: date-time` one as an ISO instant.
const dayFormat = 'YYYY-MM-DD';
const timeFormat = 'YYYY-MM-DD HH:mm:ss';

/** The picker's display format and time part for a date or a date-time field. */
export function pickerShape(dateOnly: boolean) {
  return {
    format: dateOnly ? dayFormat : timeFormat,
    showTime: dateOnly ? (false as const) : { format: 'HH:mm:ss' },
  };
}

export function toDay(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const day = dayjs(value);
  return day.isValid() ? day : null;
}

export function fromDay(day: Dayjs | null, dateOnly: boolean): string | null {
  if (day === null) return null;
  return dateOnly ? day.format(dayFormat) : day.toISOString();
}

/** A date or date-time picker holding the field's wire value, so forms and filters keep plain strings. */
export function DateInput(props: {
  readonly dateOnly: boolean;
  readonly id?: string;
  readonly value?: unknown;
  readonly onChange?: (value: string | null) => void;
  readonly placeholder?: string;
  readonly className?: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: boolean | 'true' | 'false';
}) {
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
