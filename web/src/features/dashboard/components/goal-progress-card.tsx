import { useId } from 'react';
import { Link } from '../../../lib/navigation';
import { DASHBOARD } from '../../../../../shared/constants';
import { goalProgress } from '../../../../../shared/goals';
import { buttonClassName } from '../../../components/ui/button';
import { ListSkeleton, LoadState } from '../../../components/ui/load-state';
import { NEW_ITEM_ID } from '../../../components/ui/use-open-from-url';
import { useItems } from '../../../lib/items';
import { EmptyState, ProgressBar, TaskPreview } from './dashboard-bits';
import { useAppTexts } from '../../../i18n/texts';

/** Up to three active goals that have tasks, with their progress and first tasks. */
export function GoalProgressCard() {
  const headingId = useId();
  const goalsRead = useItems('goals');
  const tasksRead = useItems('tasks');
  const goals = goalsRead.data ?? [];
  const tasks = tasksRead.data ?? [];
  const shown = goals
    .filter((goal) => goal.status === 'active')
    .map((goal) => ({ goal, tasks: tasks.filter((task) => task.goal_id === goal.id) }))
    .filter((entry) => entry.tasks.length > 0)
    .slice(0, DASHBOARD.goalProgressGoals);
  const t = useAppTexts().dashboard.goalProgress;

  return (
    <section className="card dash-card" aria-labelledby={headingId}>
      <div className="dash-card__header">
        <h2 id={headingId} className="dash-card__title">
          {t.title}
        </h2>
        <Link to="/goals" className={buttonClassName('secondary')}>
          {t.viewAll}
        </Link>
      </div>
      <LoadState reads={[goalsRead, tasksRead]} failedTitle={t.loadFailed} placeholder={<ListSkeleton label={t.loading} />}>
        {shown.length === 0 ? (
          <EmptyState message={t.empty} action={t.create} to={`/goals?goalId=${NEW_ITEM_ID}`} />
        ) : (
          <ul className="dash-list">
            {shown.map(({ goal, tasks: goalTasks }) => (
              <li key={goal.id}>
                <Link to={`/goals?goalId=${goal.id}`} className="dash-item dash-item--stacked">
                  <ProgressBar label={goal.title} percent={goalProgress(goalTasks)} />
                  <TaskPreview tasks={goalTasks} limit={DASHBOARD.goalProgressTaskPreviews} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
