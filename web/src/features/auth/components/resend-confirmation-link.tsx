import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useTexts } from '../../../i18n/texts';
import { authErrorMessage } from '../lib/auth-messages';
import { useAuth } from './auth-provider';

/** 'Send the link again': a new confirmation mail for an address whose link was lost or expired. */
export function ResendConfirmationLink({ email }: { email: string }) {
  const { loadCognito } = useAuth();
  const showToast = useToast();
  const [sending, setSending] = useState(false);
  const texts = useTexts();
  const t = texts.auth.messages;

  async function resend() {
    setSending(true);
    try {
      await (await loadCognito()).resendConfirmationLink(email);
      showToast({ tone: 'success', title: t.confirmationSent, description: t.confirmationSentDetail });
    } catch (failure) {
      showToast({ tone: 'error', title: authErrorMessage(failure, texts) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Button variant="link" busy={sending} onClick={() => void resend()}>
      {texts.auth.resendLink}
    </Button>
  );
}
