import { useState } from 'react';
import { TASK_PRIORITIES, TASK_STATUSES, taskDue, toggledTaskStatus, type Task } from '../../../../../shared/tasks';
import { CollectionPage, EmptyState, TagFilter, type Metric } from '../../../components/ui/collection-page';
import { useEditor } from '../../../components/ui/editor-overlay';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { TrashConfirmDialog } from '../../../components/ui/trash-confirm-dialog';
import { useOpenFromUrl } from '../../../components/ui/use-open-from-url';
import { saveOrder, updateItem, useItems, useSettings } from '../../../lib/items';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '../lib/labels';
import { DUE_FILTERS, GOAL_FILTERS, matchesFilters, NO_FILTERS, type TaskFilters } from '../lib/task-filters';
import { TaskCard } from './task-card';
import { TaskEditor } from './task-editor';
import './tasks.css';

/** High first, as the spec lists them. */
const PRIORITIES = [...TASK_PRIORITIES].reverse();
const STATUS_FILTER_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }))];
const PRIORITY_FILTER_OPTIONS = [{ value: 'all', label: 'All priorities' }, ...PRIORITIES.map((value) => ({ value, label: TASK_PRIORITY_LABELS[value] }))];
const DUE_LABELS: Record<TaskFilters['due'], string> = { all: 'All', overdue: 'Overdue', due_soon: 'Due Soon', no_date: 'No Date' };
const DUE_FILTER_OPTIONS = DUE_FILTERS.map((value) => ({ value, label: DUE_LABELS[value] }));
const GOAL_LABELS: Record<TaskFilters['goal'], string> = { all: 'All', with_goal: 'With Goal', without_goal: 'Without Goal' };
const GOAL_FILTER_OPTIONS = GOAL_FILTERS.map((value) => ({ value, label: GOAL_LABELS[value] }));

/** The overview's counts; due states are read in the user's time zone. */
function metrics(now: Date, timeZone: string): Array<Metric<Task>> {
  const dueState = (task: Task) => taskDue(task, now, timeZone)?.state;
  return [
    ...TASK_STATUSES.map((status) => ({ label: TASK_STATUS_LABELS[status], counts: (task: Task) => task.status === status })),
    ...PRIORITIES.map((priority) => ({ label: TASK_PRIORITY_LABELS[priority], counts: (task: Task) => task.priority === priority })),
    { label: 'Overdue', counts: (task) => dueState(task) === 'overdue' },
    { label: 'Due Soon', counts: (task) => dueState(task) === 'due_soon' },
    { label: 'With Goals', counts: (task) => task.goal_id !== null },
  ];
}

/** The tasks page: the list frame with the task filters, the task cards and the editor. */
export function TasksPage() {
  const showToast = useToast();
  const tasks = useItems('tasks');
  const goals = useItems('goals').data ?? [];
  const tags = useItems('tags').data ?? [];
  const timeZone = useSettings().data?.preferred_timezone ?? 'UTC';
  const [filters, setFilters] = useState<TaskFilters>(NO_FILTERS);
  const { editor, openEditor, closeEditor } = useEditor<Task>();
  useOpenFromUrl('taskId', tasks.data, openEditor);
  const [toDelete, setToDelete] = useState<Task | null>(null);

  const all = tasks.data ?? [];
  const now = new Date();
  const filter = <K extends keyof TaskFilters>(key: K, value: TaskFilters[K]) => setFilters((current) => ({ ...current, [key]: value }));

  async function toggle(task: Task) {
    try {
      await updateItem('tasks', task.id, { status: toggledTaskStatus(task.status) });
    } catch {
      showToast({ tone: 'error', title: 'Failed to update task', description: 'Please try again.' });
    }
  }

  return (
    <CollectionPage
      title="Tasks"
      newLabel="New Task"
      onNew={() => openEditor(null)}
      list={tasks}
      shows={(task) => matchesFilters(task, filters, now, timeZone)}
      order={{ save: (ids) => saveOrder('tasks', ids), saved: 'Task order updated', failed: 'Failed to update task' }}
      overview={{ label: 'Tasks overview', metrics: metrics(now, timeZone) }}
      filters={
        <>
          <TextField label="Search" type="search" value={filters.search} onChange={(event) => filter('search', event.target.value)} />
          <Select label="Status" options={STATUS_FILTER_OPTIONS} value={filters.status} onChange={(event) => filter('status', event.target.value as TaskFilters['status'])} />
          <Select label="Priority" options={PRIORITY_FILTER_OPTIONS} value={filters.priority} onChange={(event) => filter('priority', event.target.value as TaskFilters['priority'])} />
          <Select label="Due" options={DUE_FILTER_OPTIONS} value={filters.due} onChange={(event) => filter('due', event.target.value as TaskFilters['due'])} />
          <Select label="Goal link" options={GOAL_FILTER_OPTIONS} value={filters.goal} onChange={(event) => filter('goal', event.target.value as TaskFilters['goal'])} />
          <TagFilter items={all} value={filters.tag} onChange={(tag) => filter('tag', tag)} />
        </>
      }
      loadingLabel="Loading tasks..."
      empty={
        all.length === 0 ? (
          <EmptyState title="No tasks yet" action={{ label: 'Add first task', onClick: () => openEditor(null) }} />
        ) : (
          <EmptyState title="No tasks match your filters" />
        )
      }
      renderItem={(task, handle) => (
        <TaskCard
          task={task}
          goalTitle={goals.find((goal) => goal.id === task.goal_id)?.title}
          tags={tags}
          timeZone={timeZone}
          handle={handle}
          onOpen={() => openEditor(task)}
          onToggle={() => void toggle(task)}
          onDelete={() => setToDelete(task)}
        />
      )}
    >
      {editor && <TaskEditor key={editor.key} task={editor.item} open={editor.open} onClose={closeEditor} goals={goals} timeZone={timeZone} />}
      <TrashConfirmDialog kind="tasks" item={toDelete} onClose={() => setToDelete(null)} />
    </CollectionPage>
  );
}
