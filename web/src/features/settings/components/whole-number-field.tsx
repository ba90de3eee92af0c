import { TextField } from '../../../components/ui/text-field';
import { useAppTexts } from '../../../i18n/texts';

interface WholeNumberFieldProps {
  label: string;
  range: { min: number; max: number };
  value: string | number;
  error?: string;
  onChange: (value: string) => void;
}

/** A setting that is a whole number in a range, saying the range beneath it (the server checks it, with its own message). */
export function WholeNumberField({ label, range, value, error, onChange }: WholeNumberFieldProps) {
  const t = useAppTexts().settings;
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={range.min}
      max={range.max}
      hint={t.range(range.min, range.max)}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
