import { useState } from 'react';
import { GCAL_MESSAGES } from '../../../../../shared/gcal';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { connectGoogleCalendar } from '../../../lib/google-calendar';

/** Offers, once, to connect Google Calendar: Connect leaves for Google's consent screen. */
export function ConnectPrompt({ onClose }: { onClose: () => void }) {
  const showToast = useToast();
  const [connecting, setConnecting] = useState(false);

  async function connect() {
    setConnecting(true);
    try {
      await connectGoogleCalendar();
    } catch (error) {
      showToast({ tone: 'error', title: GCAL_MESSAGES.connectToastFailed, description: error instanceof Error ? error.message : undefined });
      setConnecting(false);
    }
  }

  return (
    <Modal
      open
      title="Connect Google Calendar"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={connecting} data-autofocus>
            Not now
          </Button>
          <Button busy={connecting} onClick={() => void connect()}>
            Connect
          </Button>
        </>
      }
    >
      <p>See your Google Calendar events beside your own: Tempo reads your Google calendar and keeps it in sync.</p>
      <p>You can connect it later from Settings.</p>
    </Modal>
  );
}
