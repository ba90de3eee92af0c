import { useState } from 'react';
import type { CalendarFeed } from '../../../../../shared/calendar-feed.schema';
import { webcalUrl } from '../../../../../shared/calendar-feed';
import { calendarDay } from '../../../../../shared/dates';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useAppTexts } from '../../../i18n/texts';
import { useTimeZone } from '../../../lib/items';
import { formatDay } from '../../../lib/zoned-dates';
import { includeGoogleEvents, makeFeedAddress, turnFeedOff, useCalendarFeed } from '../api/calendar-feed';

type Asking = 'rotate' | 'off' | null;

/**
 * Settings → Calendar feed: make a secret iCal address, copy it or open it in a calendar app
 * (webcal://), make a new one (the old stops), include Google's events, or turn it off. The server
 * keeps only the address's hash, so it is shown once, right after it is made. After "Sign out
 * everywhere" the feed has an address nobody knows: the section says so and offers a new one.
 */
export function CalendarFeedSection() {
  const t = useAppTexts().settings.feed;
  const showToast = useToast();
  const feed = useCalendarFeed();
  const [madeUrl, setMadeUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);

  async function change(action: () => Promise<CalendarFeed | void>) {
    setBusy(true);
    try {
      const answer = await action();
      // A new address replaces the one shown; turning the feed off hides it; other changes keep it.
      setMadeUrl((made) => (answer ? (answer.url ?? made) : null));
      await feed.mutate(answer ? { ...answer, url: null } : { enabled: false, include_google: false, created_at: null, replaced: null, url: null }, {
        revalidate: false,
      });
    } catch {
      showToast({ tone: 'error', title: t.failed });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  const current = feed.data;
  return (
    <section className="card settings-section" aria-labelledby="settings-feed">
      <h2 id="settings-feed">{t.title}</h2>
      <p>{t.hint}</p>
      <p>{t.secret}</p>
      <p>{t.googleNote}</p>
      {feed.error && !current && <p role="alert">{t.loadFailed}</p>}
      {current && !current.enabled && (
        <div>
          <Button busy={busy} onClick={() => void change(makeFeedAddress)}>
            {t.create}
          </Button>
        </div>
      )}
      {current?.enabled && (
        <>
          {madeUrl ? (
            <FeedAddress url={madeUrl} />
          ) : current.replaced ? (
            <div role="status">
              <p>{t.replacedBySignOut}</p>
              <Button busy={busy} onClick={() => void change(makeFeedAddress)}>
                {t.getNewAddress}
              </Button>
            </div>
          ) : (
            <FeedOnSince createdAt={current.created_at} />
          )}
          <Checkbox
            label={t.includeGoogle}
            checked={current.include_google}
            disabled={busy}
            onChange={(event) => void change(() => includeGoogleEvents(event.target.checked))}
          />
          <div className="settings-row">
            <Button variant="secondary" busy={busy} onClick={() => setAsking('rotate')}>
              {t.rotate}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setAsking('off')}>
              {t.off}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking === 'rotate'}
        title={t.rotateTitle}
        message={t.rotateMessage}
        confirmLabel={t.rotate}
        onConfirm={() => change(makeFeedAddress)}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'off'}
        title={t.offTitle}
        message={t.offMessage}
        confirmLabel={t.off}
        tone="danger"
        onConfirm={() => change(turnFeedOff)}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}

/** The address just made, to copy or to open in a calendar app; it is not shown again. */
function FeedAddress({ url }: { url: string }) {
  const t = useAppTexts().settings.feed;
  const showToast = useToast();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ tone: 'success', title: t.copied });
    } catch {
      showToast({ tone: 'error', title: t.copyFailed });
    }
  }

  // Blocked in session replays: a replay records attributes (the link's href) that masking leaves.
  return (
    <div data-sentry-block="">
      <TextField label={t.address} value={url} readOnly hint={t.shownOnce} onFocus={(event) => event.target.select()} />
      <div className="settings-row">
        <Button variant="secondary" onClick={() => void copy()}>
          {t.copy}
        </Button>
        <a className={buttonClassName('secondary')} href={webcalUrl(url)}>
          {t.open}
        </a>
      </div>
    </div>
  );
}

function FeedOnSince({ createdAt }: { createdAt: string | null }) {
  const texts = useAppTexts();
  const timeZone = useTimeZone();
  const since = createdAt ? formatDay(calendarDay(createdAt, timeZone), texts.dates) : '';
  return <p>{texts.settings.feed.onSince(since)}</p>;
}
