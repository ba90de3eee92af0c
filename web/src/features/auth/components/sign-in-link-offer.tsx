import { useState } from 'react';
import { EMAIL_PATTERN } from '../../../../../shared/email';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { currentLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { localizedError } from '../../../lib/api';
import { requestSignInLink } from '../api/account-recovery';

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'sent'; to: string } | { state: 'failed'; message: string };

/**
 * "Email me a sign-in link": the owner's way in while strangers hold the account's sign-ins or
 * reset codes up. The mailed link makes the browser that opens it trusted for the account
 * (/sign-in-link), whose attempts then count apart. `help` says why it is offered.
 */
export function SignInLinkOffer({ email, help }: { email: string; help: string }) {
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const texts = useTexts();
  const t = texts.auth.signInLink;
  const address = email.trim();

  async function send() {
    if (!EMAIL_PATTERN.test(address)) {
      setSending({ state: 'failed', message: texts.errors.invalidEmail });
      return;
    }
    setSending({ state: 'sending' });
    try {
      await requestSignInLink(address, currentLanguage());
      setSending({ state: 'sent', to: address });
    } catch (failure) {
      setSending({ state: 'failed', message: localizedError(failure, texts, t.notSent) });
    }
  }

  if (sending.state === 'sent') return <Alert tone="success">{t.sent(sending.to)}</Alert>;
  return (
    <div className="form__note">
      <p>{help}</p>
      {sending.state === 'failed' && <Alert tone="error">{sending.message}</Alert>}
      <Button variant="secondary" block busy={sending.state === 'sending'} onClick={() => void send()}>
        {t.offer}
      </Button>
    </div>
  );
}
