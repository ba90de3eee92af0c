import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TASK_PRIORITIES, TASK_STATUSES, taskDue, toggledTaskStatus, type Task } from '../../../../../shared/tasks';
import {
  CardSkeletons,
  CollectionHeader,
  EmptyState,
  itemsClassName,
  Overview,
  TagFilter,
  Toolbar,
  useCollectionView,
  ViewSwitch,
} from '../../../components/ui/collection';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useEditor } from '../../../components/ui/editor-overlay';
import { Select } from '../../../components/ui/select';
import { SortableList } from '../../../components/ui/sortable-list';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { useReorder } from '../../../components/ui/use-reorder';
import { deleteItem, saveOrder, updateItem, useItems, useSettings } from '../../../lib/items';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '../lib/labels';
import { DUE_FILTERS, GOAL_FILTERS, matchesFilters, NO_FILTERS, type TaskFilters } from '../lib/task-filters';
import { TaskCard } from './task-card';
import { TaskEditor } from './task-editor';
import './tasks.css';

const STATUS_FILTER_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }))];
const PRIORITY_FILTER_OPTIONS = [
  { value: 'all', label: 'All priorities' },
  ...[...TASK_PRIORITIES].reverse().map((value) => ({ value, label: TASK_PRIORITY_LABELS[value] })),
];
const DUE_LABELS: Record<TaskFilters['due'], string> = { all: 'All', overdue: 'Overdue', due_soon: 'Due Soon', no_date: 'No Date' };
const GOAL_LABELS: Record<TaskFilters['goal'], string> = { all: 'All', with_goal: 'With Goal', without_goal: 'Without Goal' };

/** The tasks page: overview, filters, grid or list, reorder, the cards and the editor. */
export function TasksPage() {
  const showToast = useToast();
  const tasks = useItems('tasks');
  const goals = useItems('goals').data ?? [];
  const tags = useItems('tags').data ?? [];
  const timeZone = useSettings().data?.preferred_timezone ?? 'UTC';
  const [searchParams, setSearchParams] = useSearchParams();
  const { view, setView, canSwitch } = useCollectionView();
  const [filters, setFilters] = useState<TaskFilters>(NO_FILTERS);
  const { editor, openEditor, closeEditor } = useEditor<Task>();
  const [toDelete, setToDelete] = useState<Task | null>(null);

  const all = tasks.data ?? [];
  const now = new Date();
  const reorder = useReorder(all, (ids) => saveOrder('tasks', ids), { saved: 'Task order updated', failed: 'Failed to update task' });
  const shown = reorder.ordered.filter((task) => matchesFilters(task, filters, now, timeZone));
  const filter = <K extends keyof TaskFilters>(key: K, value: TaskFilters[K]) => setFilters((current) => ({ ...current, [key]: value }));

  // ?taskId= opens that task in the editor once the list has loaded; the parameter is then dropped.
  const taskId = searchParams.get('taskId');
  useEffect(() => {
    if (!taskId || !tasks.data) return;
    const task = tasks.data.find((item) => item.id === taskId);
    if (task) openEditor(task);
    setSearchParams(
      (params) => {
        params.delete('taskId');
        return params;
      },
      { replace: true },
    );
  }, [taskId, tasks.data, openEditor, setSearchParams]);

  async function toggle(task: Task) {
    try {
      await updateItem('tasks', task.id, { status: toggledTaskStatus(task.status) });
    } catch {
      showToast({ tone: 'error', title: 'Failed to update task', description: 'Please try again.' });
    }
  }

  async function moveToTrash(task: Task) {
    try {
      await deleteItem('tasks', task.id);
      showToast({ tone: 'success', title: 'Task moved to trash' });
    } catch {
      showToast({ tone: 'error', title: 'Failed to delete task', description: 'Please try again.' });
    }
    setToDelete(null);
  }

  const count = (test: (task: Task) => boolean) => all.filter(test).length;
  const dueState = (task: Task) => taskDue(task, now, timeZone)?.state;

  return (
    <div className="collection">
      <title>Tasks · Tempo</title>
      <CollectionHeader
        title="Tasks"
        reordering={reorder.reordering}
        savingOrder={reorder.saving}
        canReorder={all.length > 1}
        onToggleReorder={() => void reorder.toggle()}
        newLabel="New Task"
        onNew={() => openEditor(null)}
      />
      <Overview
        label="Tasks overview"
        metrics={[
          { label: 'Total', value: all.length },
          ...TASK_STATUSES.map((status) => ({ label: TASK_STATUS_LABELS[status], value: count((task) => task.status === status) })),
          ...[...TASK_PRIORITIES].reverse().map((priority) => ({ label: TASK_PRIORITY_LABELS[priority], value: count((task) => task.priority === priority) })),
          { label: 'Overdue', value: count((task) => dueState(task) === 'overdue') },
          { label: 'Due Soon', value: count((task) => dueState(task) === 'due_soon') },
          { label: 'With Goals', value: count((task) => task.goal_id !== null) },
        ]}
      />
      <Toolbar>
        <TextField label="Search" type="search" value={filters.search} onChange={(event) => filter('search', event.target.value)} />
        <Select label="Status" options={STATUS_FILTER_OPTIONS} value={filters.status} onChange={(event) => filter('status', event.target.value as TaskFilters['status'])} />
        <Select
          label="Priority"
          options={PRIORITY_FILTER_OPTIONS}
          value={filters.priority}
          onChange={(event) => filter('priority', event.target.value as TaskFilters['priority'])}
        />
        <Select
          label="Due"
          options={DUE_FILTERS.map((value) => ({ value, label: DUE_LABELS[value] }))}
          value={filters.due}
          onChange={(event) => filter('due', event.target.value as TaskFilters['due'])}
        />
        <Select
          label="Goal link"
          options={GOAL_FILTERS.map((value) => ({ value, label: GOAL_LABELS[value] }))}
          value={filters.goal}
          onChange={(event) => filter('goal', event.target.value as TaskFilters['goal'])}
        />
        <TagFilter items={all} value={filters.tag} onChange={(tag) => filter('tag', tag)} />
        {canSwitch && <ViewSwitch view={view} onChange={setView} />}
      </Toolbar>

      {!tasks.data ? (
        <CardSkeletons label="Loading tasks..." />
      ) : shown.length === 0 ? (
        all.length === 0 ? (
          <EmptyState title="No tasks yet" action={{ label: 'Add first task', onClick: () => openEditor(null) }} />
        ) : (
          <EmptyState title="No tasks match your filters" />
        )
      ) : (
        <SortableList
          items={shown}
          reordering={reorder.reordering}
          onMove={reorder.move}
          className={itemsClassName(view)}
          label="Tasks"
          itemName={(task) => task.title}
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
        />
      )}

      {editor && <TaskEditor key={editor.key} task={editor.item} open={editor.open} onClose={closeEditor} goals={goals} timeZone={timeZone} />}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete task?"
        message="Are you sure you want to delete this task?"
        confirmLabel="Move to Trash"
        tone="danger"
        onConfirm={() => (toDelete ? moveToTrash(toDelete) : undefined)}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
