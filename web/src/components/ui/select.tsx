import { useId, type SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly SelectOption[];
  optional?: boolean;
  /** Shown under the select and announced with it. */
  error?: string | null;
}

export function Select({ label, options, optional = false, error, ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} optional={optional} error={error}>
      {(described) => (
        <select id={id} className="field__control" {...described} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
