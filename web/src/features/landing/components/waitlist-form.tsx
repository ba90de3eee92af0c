import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '../../../lib/navigation';
import { WAITING_LIST_CONFIRMATION_DELAY_MS } from '../../../../../shared/constants';
import { EMAIL_PATTERN } from '../../../../../shared/email';
import type { InterestArea } from '../../../../../shared/waiting-list';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Select, type SelectOption } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import type { PublicTexts } from '../../../i18n/catalogue-types';
import { useTexts } from '../../../i18n/texts';
import { ApiError, localizedFieldError } from '../../../lib/api';
import { joinWaitlist } from '../api/join-waitlist';

type FormState = 'idle' | 'submitting' | 'done' | 'error';

interface WaitlistFormProps {
  /** The form's accessible name: the id of the heading it answers. */
  labelledBy: string;
  /**
   * The roles to choose from, on the waiting-list page only, which also offers the way home after
   * joining. Passed in so the landing page does not download the shared schemas they live beside.
   */
  roles?: readonly SelectOption[];
}

/** Joins the waiting list: idle, submitting, then done (after a short pause) or error. */
export function WaitlistForm({ labelledBy, roles }: WaitlistFormProps) {
  const onWaitlistPage = roles !== undefined;
  const [state, setState] = useState<FormState>('idle');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InterestArea | ''>('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const texts = useTexts();
  const t = texts.waitlist;

  async function join(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmedEmail = email.trim();
    if (!EMAIL_PATTERN.test(trimmedEmail)) {
      setEmailError(texts.errors.invalidEmail);
      return;
    }
    setEmailError(null);
    setError(null);
    setState('submitting');
    try {
      await joinWaitlist({
        email: trimmedEmail,
        full_name: fullName.trim() || null,
        ...(onWaitlistPage ? { interest_area: role || null } : {}),
      });
      await new Promise((resolve) => window.setTimeout(resolve, WAITING_LIST_CONFIRMATION_DELAY_MS));
      setState('done');
    } catch (failure) {
      const emailRefused = failure instanceof ApiError && failure.status === 400 ? localizedFieldError(failure, 'email', texts) : undefined;
      if (emailRefused) setEmailError(emailRefused);
      else setError(refusalMessage(failure, texts));
      setState('error');
    }
  }

  if (state === 'done') return <WaitlistConfirmation email={email.trim()} showHomeLink={onWaitlistPage} />;
  return (
    <form className={onWaitlistPage ? 'form' : 'form waitlist-form--inline'} noValidate aria-labelledby={labelledBy} onSubmit={(event) => void join(event)}>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="waitlist-form__fields">
        <TextField label={t.fullName} optional autoComplete="name" value={fullName} onChange={(event) => setFullName(event.target.value)} />
        <TextField
          label={t.email}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
        />
        {roles && <Select label={t.role} optional options={roles} value={role} onChange={(event) => setRole(event.target.value as InterestArea | '')} />}
      </div>
      <Button type="submit" block={onWaitlistPage} busy={state === 'submitting'}>
        {texts.site.joinWaitlist}
      </Button>
    </form>
  );
}

function WaitlistConfirmation({ email, showHomeLink }: { email: string; showHomeLink: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const texts = useTexts();
  const t = texts.waitlist;
  // Keyboard and screen-reader users land on the news, not on a vanished button.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="waitlist-done">
      <h2 className="waitlist-done__title" ref={heading} tabIndex={-1}>
        {t.doneTitle}
      </h2>
      <p>
        {t.savedBefore} <strong>{email}</strong>
        {t.savedAfter}
      </p>
      <ol className="waitlist-done__steps">
        {t.nextSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {showHomeLink && (
        <Link to="/" className={buttonClassName('primary')}>
          {texts.common.returnHome}
        </Link>
      )}
    </div>
  );
}

/** Already on the list (409), or too many from this browser (429); anything else failed. */
function refusalMessage(failure: unknown, { errors }: PublicTexts): string {
  if (!(failure instanceof ApiError)) return errors.waitingListFailed;
  if (failure.status === 409) return errors.waitingListDuplicate;
  return failure.status === 429 ? errors.tooManySubmissions : errors.waitingListFailed;
}
