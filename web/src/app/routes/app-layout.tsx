import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AppLayout } from '../../components/layouts/app-layout';
import { useProfile } from '../../components/layouts/profile';
import { ReportBugButton } from '../../features/bug-report/components/report-bug-button';
import { VoiceButton } from '../../features/voice/components/voice-button';
import { useChangeWatcher } from '../../lib/change-watcher';

/** The signed-in app around each page: the frame, one change watcher, the bug report and the voice button. */
export function Component() {
  useChangeWatcher();
  const profile = useProfile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <AppLayout
      profile={profile}
      onSignOut={() => void navigate('/signout')}
      sidebarActions={(compact) => <ReportBugButton defaults={profile} compact={compact} />}
      overlay={pathname === '/dashboard' ? null : <VoiceButton />}
    >
      <Outlet />
    </AppLayout>
  );
}
