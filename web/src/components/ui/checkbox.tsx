import type { InputHTMLAttributes } from 'react';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
}

export function Checkbox({ label, ...input }: CheckboxProps) {
  return (
    <label className="checkbox">
      <input type="checkbox" className="checkbox__input" {...input} />
      <span>{label}</span>
    </label>
  );
}
