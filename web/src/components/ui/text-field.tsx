import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { classNames } from './class-names';
import { FieldFrame } from './field-frame';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input and announced with it; null or empty for none. */
  error?: string | null;
  hint?: ReactNode;
  /** Marks the label "(optional)". */
  optional?: boolean;
}

export function TextField({ label, error, hint, optional = false, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional}>
      {(described) => <input id={id} className={classNames('field__control', className)} {...described} {...input} />}
    </FieldFrame>
  );
}
