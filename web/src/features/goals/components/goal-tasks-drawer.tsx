import { useEffect, useRef, useState, type FormEvent } from 'react';
import { API_LIMITS } from '../../../../../shared/constants';
import type { Goal } from '../../../../../shared/goals.schema';
import { toggledTaskStatus } from '../../../../../shared/tasks';
import type { Task } from '../../../../../shared/tasks.schema';
import { Button } from '../../../components/ui/button';
import { TrashButton } from '../../../components/ui/item-card';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { TrashConfirmDialog } from '../../../components/items/trash-confirm-dialog';
import { createItem, updateItem } from '../../../lib/items';
import { useAppTexts } from '../../../i18n/texts';

interface GoalTasksDrawerProps {
  /** The goal whose tasks show; undefined keeps the drawer closed. */
  goal: Goal | undefined;
  tasks: readonly Task[];
  onClose: () => void;
}

/** A task's create, update or delete failing in the goal panel is only logged, never shown there. */
function logFailure(what: string) {
  return (error: unknown) => console.error(`Goal Tasks: could not ${what}`, error);
}

/**
 * The 'Goal Tasks' panel at the right: the goal's tasks with their checkboxes, and a field that
 * adds one on Enter (pending, medium, no description, the goal's tags).
 */
export function GoalTasksDrawer({ goal, tasks, onClose }: GoalTasksDrawerProps) {
  const [title, setTitle] = useState('');
  const [toDelete, setToDelete] = useState<Task | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const texts = useAppTexts();
  const t = texts.goals.drawer;

  // A task that went to the trash takes its button with it, maybe after its dialog gave the focus
  // back to that button: the panel's field takes the focus then, rather than the page under it.
  useEffect(() => {
    if (document.activeElement === document.body) content.current?.querySelector<HTMLElement>('input')?.focus();
  }, [tasks]);

  function add(event: FormEvent) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!goal || !trimmed) return;
    setTitle('');
    createItem('tasks', { title: trimmed, description: '', goal_id: goal.id, tags: goal.tags }).catch(logFailure('add a task'));
  }

  const canAdd = goal?.status !== 'completed';
  return (
    <Modal open={goal !== undefined} title={t.title} onClose={onClose} className="goal-tasks-drawer">
      {goal && (
        <div className="goal-tasks" ref={content}>
          <p className="goal-tasks__goal">{goal.title}</p>
          <form className="goal-tasks__add" onSubmit={add}>
            <TextField
              label={t.newTask}
              value={title}
              maxLength={API_LIMITS.titleMax}
              placeholder={t.placeholder}
              disabled={!canAdd}
              hint={canAdd ? undefined : texts.errors.goalNotLinkable}
              data-autofocus
              onChange={(event) => setTitle(event.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={!canAdd || title.trim() === ''}>
              {t.add}
            </Button>
          </form>
          {tasks.length === 0 ? (
            <p className="goal-tasks__empty">{t.empty}</p>
          ) : (
            <ul className="goal-tasks__list" aria-label={t.tasksOf(goal.title)}>
              {tasks.map((task) => (
                <li key={task.id} className="goal-tasks__item">
                  <label className="goal-tasks__check">
                    <input
                      type="checkbox"
                      checked={task.status === 'completed'}
                      onChange={() => void updateItem('tasks', task.id, { status: toggledTaskStatus(task.status) }).catch(logFailure('update a task'))}
                    />
                    <span className={task.status === 'completed' ? 'goal-tasks__done' : undefined}>{task.title}</span>
                  </label>
                  <TrashButton label={texts.tasks.card.delete(task.title)} onClick={() => setToDelete(task)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <TrashConfirmDialog kind="tasks" item={toDelete} onClose={() => setToDelete(null)} quiet />
    </Modal>
  );
}
