import { firstName, useProfile } from '../../components/layouts/profile';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { VoicePanel } from '../../features/voice/components/voice-button';

export function Component() {
  return <DashboardPage firstName={firstName(useProfile())} voicePanel={<VoicePanel />} />;
}
