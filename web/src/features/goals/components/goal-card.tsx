import type { ReactNode } from 'react';
import { TAGS_SHOWN } from '../../../../../shared/constants';
import { goalDue, goalProgress, nextGoalStatus } from '../../../../../shared/goals';
import type { Goal } from '../../../../../shared/goals.schema';
import type { Tag } from '../../../../../shared/tags.schema';
import type { Task } from '../../../../../shared/tasks.schema';
import { classNames } from '../../../components/ui/class-names';
import type { CollectionView } from '../../../components/ui/collection-page';
import { DueDate, ItemCardFrame } from '../../../components/ui/item-card';
import { TagChips } from '../../../components/ui/tag-chips';
import { isStandIn, useAssistantHighlight } from '../../../lib/assistant-activity';
import { GOAL_STATUS_TONES } from '../lib/labels';
import { useAppTexts } from '../../../i18n/texts';

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

/** A goal's card: type, the status toggle, target date, progress, tags and the task-count chip. */
export function GoalCard({ goal, tasks, tags, view, timeZone, handle, onOpen, onToggleStatus, onShowTasks, onDelete }: GoalCardProps) {
  const saving = isStandIn(goal.id);
  const waiting = handle !== null || saving;
  const progress = goalProgress(tasks);
  const texts = useAppTexts();
  const t = texts.goals.card;
  const statusLabels = texts.labels.goalStatus;
  const statusLabel = statusLabels[goal.status];
  const highlight = useAssistantHighlight('goal', goal.id);
  return (
    <ItemCardFrame
      title={goal.title}
      description={goal.description}
      className={classNames('goal-card', highlight)}
      handle={handle}
      saving={saving}
      deleteLabel={t.delete(goal.title)}
      onOpen={onOpen}
      onDelete={onDelete}
    >
      <div className="item-card__meta">
        <span className="item-card__badge">{texts.labels.goalType[goal.type]}</span>
        <button
          type="button"
          className={classNames('goal-card__status', `tone--${GOAL_STATUS_TONES[goal.status]}`)}
          aria-label={t.changeStatus(statusLabel, goal.title, statusLabels[nextGoalStatus(goal.status)])}
          onClick={onToggleStatus}
          disabled={waiting}
        >
          {statusLabel}
        </button>
        <DueDate label={t.target} date={goal.target_date} due={goalDue(goal, new Date(), timeZone)} timeZone={timeZone} />
      </div>
      <div className="goal-card__progress">
        <div className="goal-card__progress-label">
          <span>{t.progress}</span>
          <span>{progress}%</span>
        </div>
        <div className="goal-card__bar" role="progressbar" aria-label={t.progressOf(goal.title)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
          <span style={{ width: `${progress}%` }} />
        </div>
      </div>
      <div className="goal-card__bottom">
        <TagChips names={goal.tags} tags={tags} max={view === 'grid' ? TAGS_SHOWN.grid : TAGS_SHOWN.list} />
        <button type="button" className="goal-card__tasks" onClick={onShowTasks} disabled={waiting} aria-haspopup="dialog">
          {t.taskCount(tasks.length)}
        </button>
      </div>
    </ItemCardFrame>
  );
}
