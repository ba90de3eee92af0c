import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from '../../lib/navigation';
import useSWR from 'swr';
import type { Entity } from '../../../../shared/item-kinds';
import { AppLayout } from '../../components/layouts/app-layout';
import { useProfile } from '../../components/layouts/profile';
import { AssistantBanner } from '../../components/ui/assistant-banner';
import { useAuth } from '../../features/auth/components/auth-provider';
import { ReportBugButton } from '../../features/bug-report/components/report-bug-button';
import { QuickAddShortcut } from '../../features/quick-add/components/quick-add-shortcut';
import { RealtimeIndicator } from '../../features/settings/components/realtime-indicator';
import { VoiceButton } from '../../features/voice/components/voice-button';
import { VoiceProvider } from '../../features/voice/components/voice-provider';
import { LanguageSwitch } from '../../features/settings/components/language-switch';
import { changeLanguage } from '../../i18n/language';
import { useChangeWatcher } from '../../lib/change-watcher';
import { prepareFirstShow, useRememberShownData, useSettings } from '../../lib/items';
import { loadedWebConfig, loadWebConfig } from '../../lib/web-config';
import { ReminderNotices } from '../../features/reminders/components/reminder-notices';
import { OfflineStatus } from '../../features/offline/components/offline-status';
import { SignOutQuestion } from '../../features/offline/components/sign-out-question';
import { hasWaitingChanges } from '../../lib/offline/status';
import { sessionIdToken } from '../../lib/session';

/** What each page lists, for the "AI assistant is updating ..." banner (the dashboard shows its own). */
const BANNER_ENTITIES: Record<string, readonly Entity[]> = {
  '/goals': ['goal'],
  '/tasks': ['task'],
  '/calendar': ['event'],
};

/**
 * How long a first visit's first paint may wait for the page's data, read beside the download of
 * its code: a paint with the data saves the second one, but a slow API never keeps the page blank.
 */
const DATA_AWAITED_MS = 400;

/** The router calls this before the frame first shows: its pages paint their first data if it came soon, else what they showed last time, then read it again. */
export const beforeFirstShow = () => prepareFirstShow(DATA_AWAITED_MS);

/**
 * The signed-in app around each page: the frame, one change watcher, the bug report, and the voice
 * assistant, whose call outlives page changes (its button floats everywhere but on the dashboard,
 * which has the large panel).
 */
export function Component() {
  const { signOut } = useAuth();
  // A session ended elsewhere ("Sign out everywhere", a password reset) signs this tab out too; a
  // request refused for want of a token (offline, none could be refreshed) says nothing of the session.
  useChangeWatcher(
    undefined,
    () =>
      void sessionIdToken().then(async (token) => {
        if (token) await signOut({ endedElsewhere: true });
      }),
  );
  useRememberShownData();
  const profile = useProfile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  /** Sign Out asks first while changes made here wait to be sent: signing out deletes them. */
  const [askingSignOut, setAskingSignOut] = useState(false);
  // Whether an agent is configured.
  const voiceAvailable =
    useSWR('web-config', loadWebConfig, {
      // The router has read it before the frame first shows (app/route-table.tsx), so the voice panel keeps its size.
      fallbackData: loadedWebConfig(),
      revalidateOnFocus: false,
      revalidateIfStale: false,
    }).data?.voice ?? false;
  const bannerEntities = BANNER_ENTITIES[pathname];
  // The account's language, on every device: applied when the settings load and whenever they change.
  const language = useSettings().data?.lang;
  useEffect(() => {
    if (language) void changeLanguage(language);
  }, [language]);
  return (
    <VoiceProvider available={voiceAvailable}>
      <AppLayout
        profile={profile}
        onSignOut={() => (hasWaitingChanges() ? setAskingSignOut(true) : navigate('/signout'))}
        sidebarActions={(compact) => (
          <>
            {/* Settings has the language in its form. */}
            {!compact && pathname !== '/settings' && <LanguageSwitch />}
            <ReportBugButton defaults={profile} compact={compact} />
          </>
        )}
        overlay={pathname === '/dashboard' ? null : <VoiceButton />}
        status={(compact) => (
          <>
            <OfflineStatus compact={compact} />
            <RealtimeIndicator compact={compact} />
          </>
        )}
      >
        {bannerEntities && <AssistantBanner entities={bannerEntities} />}
        <Outlet />
        <QuickAddShortcut />
        <ReminderNotices />
        <SignOutQuestion open={askingSignOut} onSignOut={() => navigate('/signout')} onStay={() => setAskingSignOut(false)} />
      </AppLayout>
    </VoiceProvider>
  );
}
