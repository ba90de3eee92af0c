import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '../../../lib/navigation';
import { mutate } from 'swr';
import { DASHBOARD } from '../../../../../shared/constants';
import { goalProgress } from '../../../../../shared/goals';
import type { Goal } from '../../../../../shared/goals.schema';
import { byPriority } from '../../../../../shared/tasks';
import type { Task } from '../../../../../shared/tasks.schema';
import { AssistantBanner } from '../../../components/ui/assistant-banner';
import { classNames } from '../../../components/ui/class-names';
import { ListSkeleton, LoadState } from '../../../components/ui/load-state';
import { useAssistantMarks } from '../../../lib/assistant-activity';
import { useItems } from '../../../lib/items';
import { listCacheKey } from '../../../lib/read-paths';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { NEW_ITEM_ID } from '../../../components/ui/use-open-from-url';
import { EmptyState, ProgressBar, TaskPreview } from './dashboard-bits';
import { useAppTexts } from '../../../i18n/texts';

const TABS = ['priority', 'goals', 'progress'] as const;
type Tab = (typeof TABS)[number];

/** The tabbed card: top tasks by priority, active goals, and today's progress. */
export function OverviewCard() {
  const [tab, setTab] = useState<Tab>('priority');
  const t = useAppTexts().dashboard.overview;
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const goalsRead = useItems('goals');
  const tasksRead = useItems('tasks');
  const goals = goalsRead.data ?? [];
  const tasks = tasksRead.data ?? [];

  // Arrow keys move between tabs (the ARIA tabs pattern); Tab goes on into the panel.
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!);
    tabRefs.current[next]?.focus();
  }

  return (
    <section className="card dash-card" aria-labelledby={`${baseId}-heading`}>
      <div className="dash-card__header">
        <h2 id={`${baseId}-heading`} className="visually-hidden">
          {t.title}
        </h2>
        <div role="tablist" aria-label={t.title} className="dash-tabs">
          {TABS.map((name, index) => (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === name ? 0 : -1}
              className="dash-tabs__tab"
              onClick={() => setTab(name)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {t.tabs[name]}
            </button>
          ))}
        </div>
        <RefreshButton label={t.refresh} onRefresh={() => Promise.all([mutate(listCacheKey('goals')), mutate(listCacheKey('tasks'))])} />
      </div>
      <AssistantBanner entities={['task', 'goal']} />
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="dash-card__panel"
        style={{ maxHeight: DASHBOARD.listHeightPx }}
        tabIndex={0}
      >
        <LoadState reads={[goalsRead, tasksRead]} failedTitle={t.loadFailed} placeholder={<ListSkeleton label={t.loading} />}>
          {tab === 'priority' && <PriorityTab tasks={tasks} goals={goals} />}
          {tab === 'goals' && <GoalsTab tasks={tasks} goals={goals} />}
          {tab === 'progress' && <ProgressTab tasks={tasks} goals={goals} />}
        </LoadState>
      </div>
    </section>
  );
}

interface TabProps {
  goals: readonly Goal[];
  tasks: readonly Task[];
}

function PriorityTab({ tasks, goals }: TabProps) {
  const { highlight } = useAssistantMarks();
  const texts = useAppTexts();
  const t = texts.dashboard.overview;
  const top = tasks
    .filter((task) => task.status !== 'completed')
    .sort(byPriority)
    .slice(0, DASHBOARD.priorityTasks);
  if (top.length === 0) return <EmptyState message={t.noPendingTasks} action={t.addFirstTask} to={`/tasks?taskId=${NEW_ITEM_ID}`} />;
  return (
    <ul className="dash-list">
      {top.map((task) => {
        const goal = task.goal_id ? goals.find((candidate) => candidate.id === task.goal_id) : undefined;
        return (
          <li key={task.id}>
            <Link to={`/tasks?taskId=${task.id}`} className={classNames('dash-item', highlight('task', task.id))}>
              <span className="dash-item__title">{task.title}</span>
              <span className={`dash-badge dash-badge--${task.priority}`}>{texts.labels.priority[task.priority]}</span>
              {goal && <span className="dash-item__hover">{t.goalOf(goal.title)}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function GoalsTab({ tasks, goals }: TabProps) {
  const { highlight } = useAssistantMarks();
  const texts = useAppTexts();
  const t = texts.dashboard.overview;
  const active = goals.filter((goal) => goal.status === 'active').slice(0, DASHBOARD.activeGoals);
  if (active.length === 0) return <EmptyState message={t.noActiveGoals} action={t.addFirstGoal} to={`/goals?goalId=${NEW_ITEM_ID}`} />;
  return (
    <ul className="dash-list">
      {active.map((goal) => {
        const goalTasks = tasks.filter((task) => task.goal_id === goal.id);
        return (
          <li key={goal.id}>
            <Link to={`/goals?goalId=${goal.id}`} className={classNames('dash-item', highlight('goal', goal.id))}>
              <span className="dash-item__title">{goal.title}</span>
              <span className="dash-badge">{texts.labels.goalType[goal.type]}</span>
              <span className="dash-badge dash-badge--status">{texts.labels.goalStatus[goal.status]}</span>
              {goalTasks.length > 0 && (
                <div className="dash-item__hover">
                  <TaskPreview tasks={goalTasks} limit={DASHBOARD.goalHoverTasks} />
                </div>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function ProgressTab({ tasks, goals }: TabProps) {
  const t = useAppTexts().dashboard.overview;
  if (tasks.length === 0 && goals.length === 0) {
    return (
      <div className="dash-empty">
        <p>{t.noProgress}</p>
      </div>
    );
  }
  const taskPercent = goalProgress(tasks);
  const goalPercent = goalProgress(goals);
  return (
    <div className="dash-progress-tab">
      <h3>{t.todaysProgress}</h3>
      {tasks.length > 1 && <ProgressBar label={t.tasksCompleted} percent={taskPercent} />}
      {goals.length > 1 && <ProgressBar label={t.goalsCompleted} percent={goalPercent} />}
      <dl className="dash-tiles">
        <div className="dash-tile">
          <dt>{t.tasks}</dt>
          <dd>{taskPercent}%</dd>
        </div>
        <div className="dash-tile">
          <dt>{t.goals}</dt>
          <dd>{goalPercent}%</dd>
        </div>
      </dl>
    </div>
  );
}
