import { QuickAdd } from '../../features/quick-add/components/quick-add';
import { TasksPage } from '../../features/tasks/components/tasks-page';

export function Component() {
  return <TasksPage lead={<QuickAdd place="tasks" />} />;
}
