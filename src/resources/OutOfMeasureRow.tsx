import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { useContext, type ReactNode } from 'react';

/**
 * antd copies each column title into a hidden row (aria-hidden, zero height) to measure it; a
 * control copied there, as the select-all checkbox, would be an invisible stop of the Tab key.
 * The copy is inert: measured, but neither focused nor read.
 */
export function OutOfMeasureRow({ children }: { children: ReactNode }) {
  const measuring = useContext(TableMeasureRowContext);
  return measuring ? <span inert>{children}</span> : children;
}
