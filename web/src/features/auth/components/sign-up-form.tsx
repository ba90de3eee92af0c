import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/navigation';
import { EMAIL_PATTERN } from '../../../../../shared/email';
import { personNameProblem } from '../../../../../shared/person-name';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { currentLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { localizeMessage } from '../../../lib/api';
import type { SignInRouteState } from '../lib/return-path';
import { authErrorMessage } from '../lib/auth-messages';
import { AuthFormFooter } from './auth-form-footer';
import { useAuth } from './auth-provider';
import { isAcceptableNewPassword, NewPasswordFields, newPasswordProblem, type NewPassword } from './new-password-fields';

interface SignUpFormProps {
  signInPath: string;
}

/**
 * Creates the account. Cognito accepts no sign-in before the emailed link confirms the address, so
 * the visitor goes to sign in with the email filled in, and on to the dashboard once signed in.
 */
export function SignUpForm({ signInPath }: SignUpFormProps) {
  const { loadCognito } = useAuth();
  const navigate = useNavigate();
  const showToast = useToast();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [newPassword, setNewPassword] = useState<NewPassword>({ password: '', confirmation: '' });
  const [fieldErrors, setFieldErrors] = useState<{ fullName?: string; email?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const problemId = useId();
  const texts = useTexts();
  const t = texts.auth;

  async function signUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const nameProblem = fullName.trim() ? personNameProblem(fullName) : texts.errors.nameRequired;
    const invalid = {
      ...(nameProblem ? { fullName: localizeMessage(nameProblem, texts) } : {}),
      ...(EMAIL_PATTERN.test(trimmedEmail) ? {} : { email: texts.errors.invalidEmail }),
    };
    setFieldErrors(invalid);
    if (Object.keys(invalid).length > 0 || !isAcceptableNewPassword(newPassword)) return;

    setError(null);
    setSubmitting(true);
    try {
      const cognito = await loadCognito();
      await cognito.signUpWithPassword({ email: trimmedEmail, password: newPassword.password, fullName: fullName.trim(), language: currentLanguage() });
      showToast({ tone: 'success', title: t.messages.confirmationSent, description: t.messages.confirmationSentDetail });
      const state: SignInRouteState = { email: trimmedEmail, from: { pathname: '/dashboard', search: '', hash: '' } };
      navigate(signInPath, { state });
    } catch (failure) {
      setError(authErrorMessage(failure, texts));
      setSubmitting(false);
    }
  }

  const problem = newPasswordProblem(newPassword, texts);
  return (
    <form className="form" noValidate onSubmit={(event) => void signUp(event)}>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField label={t.fullName} autoComplete="name" value={fullName} onChange={(event) => setFullName(event.target.value)} error={fieldErrors.fullName} />
      <TextField label={t.email} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={fieldErrors.email} />
      <NewPasswordFields value={newPassword} onChange={setNewPassword} />
      <Button type="submit" block busy={submitting} disabled={!isAcceptableNewPassword(newPassword)} aria-describedby={problem ? problemId : undefined}>
        {t.signUp.submit}
      </Button>
      {problem && (
        <p className="form__note" id={problemId}>
          {problem}
        </p>
      )}
      <AuthFormFooter switchPrompt={t.signUp.haveAccount} switchLabel={t.signUp.signIn} switchTo={signInPath} finePrint={t.signUp.finePrint} />
    </form>
  );
}
