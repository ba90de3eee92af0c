import { PASSWORD_RULES, passwordMeetsRules } from '../../../../../shared/accounts';
import { TextField } from '../../../components/ui/text-field';
import type { PublicTexts } from '../../../i18n/catalogue-types';
import { useTexts } from '../../../i18n/texts';

export interface NewPassword {
  password: string;
  confirmation: string;
}

/** Whether the new password may be submitted: every rule passes and both fields match. */
export function isAcceptableNewPassword({ password, confirmation }: NewPassword): boolean {
  return passwordMeetsRules(password) && password === confirmation;
}

/** Why the submit button is disabled, for the line under it; null when it is not. */
export function newPasswordProblem({ password, confirmation }: NewPassword, { errors }: PublicTexts): string | null {
  if (password && !passwordMeetsRules(password)) return errors.passwordRequirements;
  if (confirmation && password !== confirmation) return errors.passwordsDoNotMatch;
  return null;
}

interface NewPasswordFieldsProps {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  /** The new password's label and its confirmation's ('Password', 'Confirm password' by default). */
  labels?: { password: string; confirmation: string };
}

/** New password with the live checklist of the rules, and its confirmation. */
export function NewPasswordFields({ value, onChange, labels }: NewPasswordFieldsProps) {
  const texts = useTexts();
  const { password: label, confirmation: confirmationLabel } = labels ?? texts.auth.passwordLabels;
  const mismatch = value.confirmation.length > 0 && value.confirmation !== value.password;
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
        hint={<PasswordChecklist password={value.password} />}
      />
      <TextField
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        value={value.confirmation}
        onChange={(event) => onChange({ ...value, confirmation: event.target.value })}
        error={mismatch ? texts.errors.passwordsDontMatchInline : null}
      />
    </>
  );
}

function PasswordChecklist({ password }: { password: string }) {
  const t = useTexts().auth.passwordRules;
  return (
    <ul className="checklist" aria-label={t.label}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={met ? 'checklist__item checklist__item--met' : 'checklist__item'}>
            <span className="checklist__mark" aria-hidden="true">
              {met ? '✓' : '○'}
            </span>
            {t[rule.id]}
            <span className="visually-hidden">{met ? t.met : t.notMet}</span>
          </li>
        );
      })}
    </ul>
  );
}
