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
}

export function Select({ label, options, optional = false, ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} optional={optional}>
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
