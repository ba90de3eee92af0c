import { useId, type TextareaHTMLAttributes } from 'react';
import { classNames } from './class-names';
import { FieldFrame } from './field-frame';

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | null;
  optional?: boolean;
}

export function TextArea({ label, error, optional = false, className, rows = 4, ...textarea }: TextAreaProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} optional={optional}>
      {(described) => <textarea id={id} rows={rows} className={classNames('field__control', className)} {...described} {...textarea} />}
    </FieldFrame>
  );
}
