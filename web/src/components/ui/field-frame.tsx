import type { ReactNode } from 'react';
import { useTexts } from '../../i18n/texts';

interface DescribedBy {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  optional: boolean;
  /** The control, given the attributes that tie it to its hint and error. */
  children: (described: DescribedBy) => ReactNode;
}

/** Label, control, hint and error of one form field, tied together for assistive technology. */
export function FieldFrame({ id, label, error, hint, optional, children }: FieldFrameProps) {
  const optionalMark = useTexts().common.optional;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> {optionalMark}</span>}
      </label>
      {children({
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint && (
        <div className="field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
