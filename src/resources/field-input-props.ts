import type { FieldDescriptor } from './descriptors';
import type { Entity } from './form-values';

// antd's Form.Item hands its child the value, onChange, the id its label points to and the
// aria attributes linking the field's messages; all of them go on to the input.
// Apart from FieldInput, so the upload input it loads lazily imports nothing of it.
export interface FieldInputProps {
  readonly field: FieldDescriptor;
  /** The row being edited; undefined when creating. */
  readonly entity?: Entity;
  readonly id?: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: boolean | 'true' | 'false';
  readonly value?: unknown;
  readonly onChange?: (value: unknown) => void;
}
