import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { useAppTexts } from '../../../i18n/texts';
import { connectGoogleCalendar, localizedGcalError } from '../../../lib/google-calendar';

/** Offers, once, to connect Google Calendar: Connect leaves for Google's consent screen. */
export function ConnectPrompt({ onClose }: { onClose: () => void }) {
  const showToast = useToast();
  const [connecting, setConnecting] = useState(false);
  const texts = useAppTexts();
  const t = texts.calendar.connect;

  async function connect() {
    setConnecting(true);
    try {
      await connectGoogleCalendar();
    } catch (error) {
      showToast({ tone: 'error', title: texts.gcal.connectToastFailed, description: localizedGcalError(error, texts) });
      setConnecting(false);
    }
  }

  return (
    <Modal
      open
      title={t.title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={connecting} data-autofocus>
            {t.notNow}
          </Button>
          <Button busy={connecting} onClick={() => void connect()}>
            {t.connect}
          </Button>
        </>
      }
    >
      <p>{t.text}</p>
      <p>{t.later}</p>
    </Modal>
  );
}
