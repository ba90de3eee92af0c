import { useState } from 'react';
import { API_LIMITS } from '../../../../../shared/constants';
import { isBeforeToday } from '../../../../../shared/dates';
import type { Goal } from '../../../../../shared/goals';
import { MESSAGES } from '../../../../../shared/messages';
import { TASK_PRIORITIES, TASK_STATUSES, type Task, type TaskPriority, type TaskStatus } from '../../../../../shared/tasks';
import { DateField } from '../../../components/ui/date-field';
import { EditorOverlay } from '../../../components/ui/editor-overlay';
import { Select } from '../../../components/ui/select';
import { TagField } from '../../../components/ui/tag-field';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
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

/** The full-screen task editor; the status shows only when editing, new tasks being pending. */
export function TaskEditor({ task, open, onClose, goals, timeZone }: TaskEditorProps) {
  const showToast = useToast();
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [priority, setPriority] = useState<TaskPriority>(task?.priority ?? 'medium');
  const [status, setStatus] = useState<TaskStatus>(task?.status ?? 'pending');
  const [dueDate, setDueDate] = useState(task?.due_date ?? null);
  const [goalId, setGoalId] = useState(task?.goal_id ?? NO_GOAL);
  const [tags, setTags] = useState<string[]>(task?.tags ?? []);
  const [titleTouched, setTitleTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  const titleMissing = title.trim() === '';
  // A date kept from before may lie in the past; a newly picked one may not.
  const dateInPast = dueDate !== null && dueDate !== task?.due_date && isBeforeToday(dueDate, new Date(), timeZone);
  // Only goals not completed can take tasks; the task's own goal stays listed.
  const goalOptions = [
    { value: NO_GOAL, label: 'No goal' },
    ...goals.filter((goal) => goal.status !== 'completed' || goal.id === task?.goal_id).map((goal) => ({ value: goal.id, label: goal.title })),
  ];

  async function save() {
    setSaving(true);
    const body = {
      title: title.trim(),
      description: description.trim(),
      priority,
      due_date: dueDate,
      goal_id: goalId === NO_GOAL ? null : goalId,
      tags,
      ...(task ? { status } : {}),
    };
    try {
      if (task) await updateItem('tasks', task.id, body);
      else {
        await createItem('tasks', body);
        showToast({ tone: 'success', title: 'Task created successfully!' });
      }
      onClose();
    } catch (error) {
      setServerErrors(error instanceof ApiError ? error.fields : {});
      showToast({ tone: 'error', title: task ? 'Failed to update task' : 'Failed to create task', description: 'Please try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <EditorOverlay
      open={open}
      title={task ? 'Edit Task' : 'Create New Task'}
      onClose={onClose}
      onSave={() => void save()}
      canSave={!titleMissing && !dateInPast}
      saving={saving}
    >
      <TextField
        label="Title"
        value={title}
        required
        data-autofocus
        maxLength={API_LIMITS.titleMax}
        error={(titleTouched && titleMissing ? MESSAGES.taskTitleRequired : null) ?? serverErrors.title}
        onChange={(event) => {
          setTitle(event.target.value);
          setTitleTouched(true);
        }}
        onBlur={() => setTitleTouched(true)}
      />
      <TextArea label="Description" optional value={description} onChange={(event) => setDescription(event.target.value)} error={serverErrors.description} />
      <div className="editor-overlay__row">
        <Select label="Priority" options={PRIORITY_OPTIONS} value={priority} onChange={(event) => setPriority(event.target.value as TaskPriority)} />
        {task && <Select label="Status" options={STATUS_OPTIONS} value={status} onChange={(event) => setStatus(event.target.value as TaskStatus)} />}
      </div>
      <DateField
        label="Due date"
        value={dueDate}
        onChange={setDueDate}
        timeZone={timeZone}
        notBeforeToday
        error={dateInPast ? MESSAGES.dueDateInPast : serverErrors.due_date}
      />
      <Select label="Goal" optional options={goalOptions} value={goalId} onChange={(event) => setGoalId(event.target.value)} />
      {serverErrors.goal_id && (
        <p className="field__error" role="alert">
          {serverErrors.goal_id}
        </p>
      )}
      <TagField value={tags} onChange={setTags} />
    </EditorOverlay>
  );
}
