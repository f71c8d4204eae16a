import dayjs, { type Dayjs } from 'dayjs';

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
