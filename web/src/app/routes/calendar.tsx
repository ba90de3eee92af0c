import { CalendarPage } from '../../features/calendar/components/calendar-page';
import { QuickAdd } from '../../features/quick-add/components/quick-add';
import { PagePlanButtons, PagePlanPanel, useProposedBlocks } from '../planning';

export function Component() {
  const planning = {
    proposed: useProposedBlocks(),
    buttons: (scopes: ReadonlyArray<'day' | 'week'>) => <PagePlanButtons scopes={scopes} />,
    panel: <PagePlanPanel />,
  };
  return <CalendarPage lead={<QuickAdd place="events" />} planning={planning} />;
}
