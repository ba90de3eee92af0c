import type { Goal } from '../../../../../shared/goals.schema';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '../../../../../shared/tasks';
import type { Task } from '../../../../../shared/tasks.schema';
import { DateField, isPickedDayInPast } from '../../../components/ui/date-field';
import { EditorOverlay } from '../../../components/ui/editor-overlay';
import { Select } from '../../../components/ui/select';
import { useState } from 'react';
import { calendarDay } from '../../../../../shared/dates';
import { DEFAULT_REMINDERS } from '../../../../../shared/reminders';
import { repeatRule, repeatValues, validateRepeat } from '../../../components/items/repeat-values';
import { RemindersField } from '../../../components/items/reminders-field';
import { useAskForPushOnFirstReminder } from '../../../lib/web-push';
import { RepeatPicker } from '../../../components/items/repeat-picker';
import { SeriesScopeDialog, type SeriesScope } from '../../../components/items/series-scope-dialog';
import { TagField } from '../../../components/items/tag-field';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { TitleField } from '../../../components/ui/title-field';
import { useEditorForm } from '../../../components/ui/use-editor-form';
import { createItem, updateItem, useSettings } from '../../../lib/items';
import { useAppTexts } from '../../../i18n/texts';
import { isRepeating, saveTaskEdit } from '../lib/task-series';

interface TaskEditorProps {
  /** The task to edit, or null for a new one. */
  task: Task | null;
  open: boolean;
  onClose: () => void;
  goals: readonly Goal[];
  timeZone: string;
}

const NO_GOAL = '';

/** The editor's fields, as a new task starts: pending, medium priority. */
const NEW_TASK: Pick<Task, 'title' | 'description' | 'priority' | 'status' | 'due_date' | 'goal_id' | 'tags' | 'reminders'> = {
  title: '',
  description: '',
  priority: 'medium',
  status: 'pending',
  due_date: null,
  goal_id: null,
  tags: [],
  // The person's default until they choose (Settings → Reminders).
  reminders: null,
};

/** The full-screen task editor; the status shows only when editing, new tasks being pending. */
export function TaskEditor({ task, open, onClose, goals, timeZone }: TaskEditorProps) {
  const { values, change, save, saving, serverErrors } = useEditorForm(NEW_TASK, task, onClose);
  const dateInPast = isPickedDayInPast(values.due_date, task?.due_date, new Date(), timeZone);
  // A task repeats from its due date: the picker shows once there is one.
  const dueDay = values.due_date ? calendarDay(values.due_date, timeZone) : null;
  const [repeat, setRepeat] = useState(() => repeatValues(task?.recurrence?.rule ?? null, dueDay ?? calendarDay(new Date(), timeZone)));
  const repeatErrors = dueDay ? validateRepeat(repeat, dueDay) : {};
  const texts = useAppTexts();
  const t = texts.tasks.editor;
  const askForPush = useAskForPushOnFirstReminder();
  const settings = useSettings().data;
  const defaultReminders = settings?.task_reminders ?? DEFAULT_REMINDERS.tasks;
  // Minutes as typed, empty for none (a task saved before estimates existed has none); the server checks the range.
  const [estimateText, setEstimateText] = useState(() => (task?.estimate_minutes == null ? '' : String(task.estimate_minutes)));
  // Only goals not completed can take tasks; the task's own goal stays listed.
  const goalOptions = [
    { value: NO_GOAL, label: t.noGoal },
    ...goals.filter((goal) => goal.status !== 'completed' || goal.id === task?.goal_id).map((goal) => ({ value: goal.id, label: goal.title })),
  ];

  const [askingScope, setAskingScope] = useState(false);

  function write(scope: SeriesScope | null) {
    setAskingScope(false);
    // A new task is pending: its status is the server's to set.
    const { status, ...rest } = values;
    const rule = dueDay ? repeatRule(repeat, dueDay) : null;
    // A series keeps the zone and exceptions it had; a new one takes the user's zone.
    const recurrence = rule === null ? null : { rule, time_zone: task?.recurrence?.time_zone ?? timeZone, exceptions: task?.recurrence?.exceptions ?? [] };
    const body = {
      ...rest,
      title: values.title.trim(),
      description: values.description.trim(),
      recurrence,
      estimate_minutes: estimateText.trim() === '' ? null : Number(estimateText),
    };
    const request = () =>
      !task
        ? createItem('tasks', body)
        : scope && isRepeating(task)
          ? saveTaskEdit(task, { ...body, status }, scope, timeZone)
          : updateItem('tasks', task.id, { ...body, status });
    void save(request, { saved: task ? undefined : t.created, failed: task ? t.updateFailed : t.createFailed });
  }

  // A change to a repeating task asks whether it is for the occurrence due now or the series.
  const submit = () => (task && isRepeating(task) ? setAskingScope(true) : write(null));

  return (
    <EditorOverlay
      open={open}
      title={task ? t.editTitle : t.newTitle}
      onClose={onClose}
      onSave={submit}
      canSave={values.title.trim() !== '' && !dateInPast && Object.keys(repeatErrors).length === 0}
      saving={saving}
    >
      <TitleField value={values.title} onChange={(title) => change({ title })} requiredMessage={texts.errors.taskTitleRequired} error={serverErrors.title} />
      <TextArea
        label={texts.goals.editor.description}
        optional
        value={values.description}
        onChange={(event) => change({ description: event.target.value })}
        error={serverErrors.description}
      />
      <div className="editor-overlay__row">
        <Select
          label={t.priority}
          options={[...TASK_PRIORITIES].reverse().map((value) => ({ value, label: texts.labels.priority[value] }))}
          value={values.priority}
          onChange={(event) => change({ priority: event.target.value as TaskPriority })}
        />
        {task && (
          <Select
            label={t.status}
            options={TASK_STATUSES.map((value) => ({ value, label: texts.labels.taskStatus[value] }))}
            value={values.status}
            onChange={(event) => change({ status: event.target.value as TaskStatus })}
          />
        )}
      </div>
      <DateField
        label={t.dueDate}
        value={values.due_date}
        onChange={(due_date) => change({ due_date })}
        timeZone={timeZone}
        notBeforeToday
        error={dateInPast ? texts.errors.dueDateInPast : serverErrors.due_date}
      />
      {dueDay && <RepeatPicker values={repeat} start={dueDay} errors={repeatErrors} onChange={setRepeat} />}
      {dueDay && (
        <RemindersField
          legend={texts.reminders.region}
          value={values.reminders ?? defaultReminders}
          error={serverErrors.reminders}
          onChange={(reminders) => change({ reminders })}
          onAdded={askForPush}
        />
      )}
      <TextField
        label={t.estimate}
        optional
        type="number"
        inputMode="numeric"
        hint={settings && t.estimateHint(texts.quickAdd.length(settings.default_task_minutes))}
        value={estimateText}
        // The schema says one thing of every estimate it refuses: its range.
        error={serverErrors.estimate_minutes && t.estimateRange}
        onChange={(event) => setEstimateText(event.target.value)}
      />
      <Select
        label={t.goal}
        optional
        options={goalOptions}
        value={values.goal_id ?? NO_GOAL}
        onChange={(event) => change({ goal_id: event.target.value || null })}
        error={serverErrors.goal_id}
      />
      <TagField value={values.tags} onChange={(tags) => change({ tags })} />
      {askingScope && <SeriesScopeDialog kind="tasks" action="edit" onChoose={write} onCancel={() => setAskingScope(false)} />}
    </EditorOverlay>
  );
}
