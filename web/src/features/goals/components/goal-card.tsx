import type { ReactNode } from 'react';
import { TAGS_SHOWN } from '../../../../../shared/constants';
import { goalDue, goalProgress, nextGoalStatus, type Goal } from '../../../../../shared/goals';
import type { Tag } from '../../../../../shared/tags';
import type { Task } from '../../../../../shared/tasks';
import { classNames } from '../../../components/ui/class-names';
import { DueDate, type CollectionView } from '../../../components/ui/collection';
import { TagChips } from '../../../components/ui/tag-chips';
import { GOAL_STATUS_LABELS, GOAL_TYPE_LABELS } from '../lib/labels';

interface GoalCardProps {
  goal: Goal;
  /** The goal's tasks, for its progress and task count. */
  tasks: readonly Task[];
  tags: readonly Tag[];
  view: CollectionView;
  timeZone: string;
  /** The drag handle in reorder mode, else null (the card's actions wait meanwhile). */
  handle: ReactNode;
  onOpen: () => void;
  onToggleStatus: () => void;
  onShowTasks: () => void;
  onDelete: () => void;
}

export function GoalCard({ goal, tasks, tags, view, timeZone, handle, onOpen, onToggleStatus, onShowTasks, onDelete }: GoalCardProps) {
  const reordering = handle !== null;
  const progress = goalProgress(tasks);
  const statusLabel = GOAL_STATUS_LABELS[goal.status];
  return (
    <article className={classNames('item-card goal-card', `goal-card--${goal.status}`)} aria-label={goal.title}>
      <div className="item-card__top">
        {handle}
        <h2 className="item-card__title">
          <button type="button" className="item-card__open" onClick={onOpen} disabled={reordering}>
            {goal.title}
          </button>
        </h2>
        <button
          type="button"
          className="item-card__icon-button"
          aria-label={`Delete goal ${goal.title}`}
          title="Move to trash"
          onClick={onDelete}
          disabled={reordering}
        >
          <span aria-hidden="true">🗑</span>
        </button>
      </div>
      {goal.description && <p className="item-card__description">{goal.description}</p>}
      <div className="item-card__meta">
        <span className="item-card__badge">{GOAL_TYPE_LABELS[goal.type]}</span>
        <button
          type="button"
          className={classNames('goal-card__status', `goal-card__status--${goal.status}`)}
          aria-label={`${statusLabel}: change status of ${goal.title} to ${GOAL_STATUS_LABELS[nextGoalStatus(goal.status)].toLowerCase()}`}
          onClick={onToggleStatus}
          disabled={reordering}
        >
          {statusLabel}
        </button>
        <DueDate label="Target" date={goal.target_date} due={goalDue(goal, new Date(), timeZone)} timeZone={timeZone} />
      </div>
      <div className="goal-card__progress">
        <div className="goal-card__progress-label">
          <span>Progress</span>
          <span>{progress}%</span>
        </div>
        <div className="goal-card__bar" role="progressbar" aria-label={`Progress of ${goal.title}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
          <span style={{ width: `${progress}%` }} />
        </div>
      </div>
      <div className="goal-card__bottom">
        <TagChips names={goal.tags} tags={tags} max={view === 'grid' ? TAGS_SHOWN.grid : TAGS_SHOWN.list} />
        <button type="button" className="goal-card__tasks" onClick={onShowTasks} disabled={reordering} aria-haspopup="dialog">
          {tasks.length === 1 ? '1 task' : `${tasks.length} tasks`}
        </button>
      </div>
    </article>
  );
}
