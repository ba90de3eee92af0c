import type { ReactNode } from 'react';
import { TAGS_SHOWN } from '../../../../../shared/constants';
import type { Tag } from '../../../../../shared/tags';
import { taskDue, type Task } from '../../../../../shared/tasks';
import { classNames } from '../../../components/ui/class-names';
import { DueDate } from '../../../components/ui/collection';
import { TagChips } from '../../../components/ui/tag-chips';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '../lib/labels';

interface TaskCardProps {
  task: Task;
  /** The linked goal's title, if any. */
  goalTitle: string | undefined;
  tags: readonly Tag[];
  timeZone: string;
  /** The drag handle in reorder mode, else null (the card's actions wait meanwhile). */
  handle: ReactNode;
  onOpen: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

export function TaskCard({ task, goalTitle, tags, timeZone, handle, onOpen, onToggle, onDelete }: TaskCardProps) {
  const reordering = handle !== null;
  const done = task.status === 'completed';
  return (
    <article className={classNames('item-card task-card', done && 'task-card--done')} aria-label={task.title}>
      <div className="item-card__top">
        {handle}
        <input
          type="checkbox"
          className="task-card__check"
          checked={done}
          aria-label={`Completed: ${task.title}`}
          onChange={onToggle}
          disabled={reordering}
        />
        <h2 className="item-card__title">
          <button type="button" className="item-card__open" onClick={onOpen} disabled={reordering}>
            {task.title}
          </button>
        </h2>
        <button
          type="button"
          className="item-card__icon-button"
          aria-label={`Delete task ${task.title}`}
          title="Move to trash"
          onClick={onDelete}
          disabled={reordering}
        >
          <span aria-hidden="true">🗑</span>
        </button>
      </div>
      {task.description && <p className="item-card__description">{task.description}</p>}
      <div className="item-card__meta">
        <span className={classNames('item-card__badge', `task-card__priority--${task.priority}`)}>{TASK_PRIORITY_LABELS[task.priority]} priority</span>
        {task.status === 'in_progress' && <span className="item-card__badge">{TASK_STATUS_LABELS[task.status]}</span>}
        <DueDate label="Due" date={task.due_date} due={taskDue(task, new Date(), timeZone)} timeZone={timeZone} />
        {goalTitle && (
          <span className="task-card__goal">
            <span aria-hidden="true">◎</span> Goal: {goalTitle}
          </span>
        )}
      </div>
      <TagChips names={task.tags} tags={tags} max={TAGS_SHOWN.taskCard} />
    </article>
  );
}
