// The props apart from both pickers, so the lazily loaded one imports nothing of the one that loads it.
export interface DateInputProps {
  readonly dateOnly: boolean;
  readonly id?: string;
  readonly value?: unknown;
  readonly onChange?: (value: string | null) => void;
  readonly placeholder?: string;
  readonly className?: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: boolean | 'true' | 'false';
}
