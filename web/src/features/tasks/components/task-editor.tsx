import type { Goal } from '../../../../../shared/goals';
import { MESSAGES } from '../../../../../shared/messages';
import { TASK_PRIORITIES, TASK_STATUSES, type Task, type TaskPriority, type TaskStatus } from '../../../../../shared/tasks';
import { DateField, isPickedDayInPast } from '../../../components/ui/date-field';
import { EditorOverlay } from '../../../components/ui/editor-overlay';
import { Select } from '../../../components/ui/select';
import { TagField } from '../../../components/ui/tag-field';
import { TextArea } from '../../../components/ui/text-area';
import { TitleField } from '../../../components/ui/title-field';
import { useEditorForm } from '../../../components/ui/use-editor-form';
import { createItem, updateItem } from '../../../lib/items';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '../lib/labels';

interface TaskEditorProps {
  /** The task to edit, or null for a new one. */
  task: Task | null;
  open: boolean;
  onClose: () => void;
  goals: readonly Goal[];
  timeZone: string;
}

const PRIORITY_OPTIONS = TASK_PRIORITIES.map((value) => ({ value, label: TASK_PRIORITY_LABELS[value] })).reverse();
const STATUS_OPTIONS = TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }));
const NO_GOAL = '';

/** The editor's fields, as a new task starts: pending, medium priority. */
const NEW_TASK: Pick<Task, 'title' | 'description' | 'priority' | 'status' | 'due_date' | 'goal_id' | 'tags'> = {
  title: '',
  description: '',
  priority: 'medium',
  status: 'pending',
  due_date: null,
  goal_id: null,
  tags: [],
};

/** The full-screen task editor; the status shows only when editing, new tasks being pending. */
export function TaskEditor({ task, open, onClose, goals, timeZone }: TaskEditorProps) {
  const { values, change, save, saving, serverErrors } = useEditorForm(NEW_TASK, task, onClose);
  const dateInPast = isPickedDayInPast(values.due_date, task?.due_date, new Date(), timeZone);
  // Only goals not completed can take tasks; the task's own goal stays listed.
  const goalOptions = [
    { value: NO_GOAL, label: 'No goal' },
    ...goals.filter((goal) => goal.status !== 'completed' || goal.id === task?.goal_id).map((goal) => ({ value: goal.id, label: goal.title })),
  ];

  function submit() {
    // A new task is pending: its status is the server's to set.
    const { status, ...rest } = values;
    const body = { ...rest, title: values.title.trim(), description: values.description.trim(), ...(task ? { status } : {}) };
    void save(() => (task ? updateItem('tasks', task.id, body) : createItem('tasks', body)), {
      saved: task ? undefined : 'Task created successfully!',
      failed: task ? 'Failed to update task' : 'Failed to create task',
    });
  }

  return (
    <EditorOverlay
      open={open}
      title={task ? 'Edit Task' : 'Create New Task'}
      onClose={onClose}
      onSave={submit}
      canSave={values.title.trim() !== '' && !dateInPast}
      saving={saving}
    >
      <TitleField value={values.title} onChange={(title) => change({ title })} requiredMessage={MESSAGES.taskTitleRequired} error={serverErrors.title} />
      <TextArea label="Description" optional value={values.description} onChange={(event) => change({ description: event.target.value })} error={serverErrors.description} />
      <div className="editor-overlay__row">
        <Select label="Priority" options={PRIORITY_OPTIONS} value={values.priority} onChange={(event) => change({ priority: event.target.value as TaskPriority })} />
        {task && <Select label="Status" options={STATUS_OPTIONS} value={values.status} onChange={(event) => change({ status: event.target.value as TaskStatus })} />}
      </div>
      <DateField
        label="Due date"
        value={values.due_date}
        onChange={(due_date) => change({ due_date })}
        timeZone={timeZone}
        notBeforeToday
        error={dateInPast ? MESSAGES.dueDateInPast : serverErrors.due_date}
      />
      <Select label="Goal" optional options={goalOptions} value={values.goal_id ?? NO_GOAL} onChange={(event) => change({ goal_id: event.target.value || null })} error={serverErrors.goal_id} />
      <TagField value={values.tags} onChange={(tags) => change({ tags })} />
    </EditorOverlay>
  );
}
