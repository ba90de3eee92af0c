import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { authErrorMessage, AUTH_MESSAGES } from '../lib/auth-messages';
import { useAuth } from './auth-provider';

/** 'Send the link again': a new confirmation mail for an address whose link was lost or expired. */
export function ResendConfirmationLink({ email }: { email: string }) {
  const { loadCognito } = useAuth();
  const showToast = useToast();
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      await (await loadCognito()).resendConfirmationLink(email);
      showToast({ tone: 'success', title: AUTH_MESSAGES.confirmationSent, description: AUTH_MESSAGES.confirmationSentDetail });
    } catch (failure) {
      showToast({ tone: 'error', title: authErrorMessage(failure) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Button variant="link" busy={sending} onClick={() => void resend()}>
      Send the link again
    </Button>
  );
}
