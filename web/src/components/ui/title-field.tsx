import { useState } from 'react';
import { API_LIMITS } from '../../../../shared/constants';
import { TextField } from './text-field';
import { useAppTexts } from '../../i18n/texts';

interface TitleFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Shown once the field has been touched and while it is blank ('Goal title is required'). */
  requiredMessage: string;
  /** The server's message, when the field is not blank. */
  error: string | undefined;
}

/** An editor's required Title field; it takes the focus when the editor opens. */
export function TitleField({ value, onChange, requiredMessage, error }: TitleFieldProps) {
  const label = useAppTexts().ui.title;
  const [touched, setTouched] = useState(false);
  return (
    <TextField
      label={label}
      value={value}
      required
      data-autofocus
      maxLength={API_LIMITS.titleMax}
      error={touched && value.trim() === '' ? requiredMessage : error}
      onChange={(event) => {
        onChange(event.target.value);
        setTouched(true);
      }}
      onBlur={() => setTouched(true)}
    />
  );
}
