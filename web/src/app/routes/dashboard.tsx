import { firstName, useProfile } from '../../components/layouts/profile';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { VoicePanel } from '../../features/voice/components/voice-button';
import { PagePlanButtons, PagePlanPanel, useProposedBlocks } from '../planning';

export function Component() {
  const planning = { proposed: useProposedBlocks(), buttons: <PagePlanButtons scopes={['day']} />, panel: <PagePlanPanel /> };
  return <DashboardPage firstName={firstName(useProfile())} voicePanel={<VoicePanel />} planning={planning} />;
}
