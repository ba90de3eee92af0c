import { CalendarPage } from '../../features/calendar/components/calendar-page';
import { QuickAdd } from '../../features/quick-add/components/quick-add';

export function Component() {
  return <CalendarPage lead={<QuickAdd place="events" />} />;
}
