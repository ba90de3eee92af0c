import type { ReactNode } from 'react';
import { TAGS_SHOWN } from '../../../../../shared/constants';
import type { Tag } from '../../../../../shared/tags.schema';
import { taskDue } from '../../../../../shared/tasks';
import type { Task } from '../../../../../shared/tasks.schema';
import { classNames } from '../../../components/ui/class-names';
import { Icon } from '../../../components/ui/icon';
import { DueDate, ItemCardFrame } from '../../../components/ui/item-card';
import { TagChips } from '../../../components/ui/tag-chips';
import { isStandIn, useAssistantHighlight } from '../../../lib/assistant-activity';
import { TASK_PRIORITY_TONES } from '../lib/labels';
import { useAppTexts } from '../../../i18n/texts';
import { RepeatMark } from '../../../components/items/repeat-mark';

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

/** A task's card: the completed checkbox, priority, status while in progress, due date, estimate, goal and tags. */
export function TaskCard({ task, goalTitle, tags, timeZone, handle, onOpen, onToggle, onDelete }: TaskCardProps) {
  const done = task.status === 'completed';
  const highlight = useAssistantHighlight('task', task.id);
  const saving = isStandIn(task.id);
  const texts = useAppTexts();
  const t = texts.tasks.card;
  return (
    <ItemCardFrame
      title={task.title}
      description={task.description}
      className={classNames('task-card', done && 'task-card--done', highlight)}
      handle={handle}
      saving={saving}
      leading={
        <input
          type="checkbox"
          className="task-card__check"
          checked={done}
          aria-label={t.completed(task.title)}
          onChange={onToggle}
          disabled={handle !== null || saving}
        />
      }
      deleteLabel={t.delete(task.title)}
      onOpen={onOpen}
      onDelete={onDelete}
    >
      <div className="item-card__meta">
        <span className={classNames('item-card__badge', `tone--${TASK_PRIORITY_TONES[task.priority]}`)}>
          {t.priority(texts.labels.priority[task.priority])}
        </span>
        {task.status === 'in_progress' && <span className="item-card__badge">{texts.labels.taskStatus[task.status]}</span>}
        <DueDate label={t.due} date={task.due_date} due={taskDue(task, new Date(), timeZone)} timeZone={timeZone} />
        {task.estimate_minutes != null && <span>{t.estimate(texts.quickAdd.length(task.estimate_minutes))}</span>}
        {task.recurrence && <RepeatMark />}
        {goalTitle && (
          <span className="task-card__goal">
            <Icon name="goals" /> {texts.dashboard.overview.goalOf(goalTitle)}
          </span>
        )}
      </div>
      <TagChips names={task.tags} tags={tags} max={TAGS_SHOWN.taskCard} />
    </ItemCardFrame>
  );
}
