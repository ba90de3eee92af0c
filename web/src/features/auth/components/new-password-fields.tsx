import { MESSAGES } from '../../../../../shared/messages';
import { PASSWORD_RULES, passwordMeetsRules } from '../../../../../shared/accounts';
import { TextField } from '../../../components/ui/text-field';

export interface NewPassword {
  password: string;
  confirmation: string;
}

/** Whether the new password may be submitted: every rule passes and both fields match. */
export function isAcceptableNewPassword({ password, confirmation }: NewPassword): boolean {
  return passwordMeetsRules(password) && password === confirmation;
}

/** Why the submit button is disabled, for the line under it; null when it is not. */
export function newPasswordProblem({ password, confirmation }: NewPassword): string | null {
  if (password && !passwordMeetsRules(password)) return MESSAGES.passwordRequirements;
  if (confirmation && password !== confirmation) return MESSAGES.passwordsDoNotMatch;
  return null;
}

interface NewPasswordFieldsProps {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  label?: string;
}

/** New password with the live checklist of the rules, and its confirmation. */
export function NewPasswordFields({ value, onChange, label = 'Password' }: NewPasswordFieldsProps) {
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
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        value={value.confirmation}
        onChange={(event) => onChange({ ...value, confirmation: event.target.value })}
        error={mismatch ? MESSAGES.passwordsDontMatchInline : null}
      />
    </>
  );
}

function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="checklist" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={met ? 'checklist__item checklist__item--met' : 'checklist__item'}>
            <span className="checklist__mark" aria-hidden="true">
              {met ? '✓' : '○'}
            </span>
            {rule.label}
            <span className="visually-hidden">{met ? ' (met)' : ' (not met yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
