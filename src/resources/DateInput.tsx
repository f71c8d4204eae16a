import { Input } from 'antd';
import { lazy, Suspense } from 'react';
import type { DateInputProps } from './date-input-props';
import type { RangeInputProps } from './RangeInput';

// antd's date picker (about 31 KB gzipped) loads with the first date field shown: a CRUD screen's
// first view mostly has none (dates sit in its create and edit forms), so it stays out of the
// chunks every screen waits for.
const DatePickerInput = lazy(() => import('./DatePickerInput'));
const RangePickerInput = lazy(() => import('./RangeInput'));

/**
 * Holds the field's place while the picker loads. Not labelled, so the label (and a test finding
 * the field by it) reaches only the picker; read-only, so nothing typed in it is lost.
 */
function PickerLoading({ className }: { className?: string }) {
  return <Input className={className} readOnly tabIndex={-1} aria-hidden />;
}

/** A date or date-time picker holding the field's wire value, so forms and filters keep plain strings. */
export function DateInput(props: DateInputProps) {
  return (
    <Suspense fallback={<PickerLoading className={props.className} />}>
      <DatePickerInput {...props} />
    </Suspense>
  );
}

/** A date or date-time range picker for a range filter (`x-filter: from | to`). */
export function RangeInput(props: RangeInputProps) {
  return (
    <Suspense fallback={<PickerLoading className="cfop-resource-search-range" />}>
      <RangePickerInput {...props} />
    </Suspense>
  );
}
