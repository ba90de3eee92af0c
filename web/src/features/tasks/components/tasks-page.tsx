import { useState, type ReactNode } from 'react';
import { TASK_PRIORITIES, TASK_STATUSES, taskDue, toggledTaskStatus } from '../../../../../shared/tasks';
import type { Task } from '../../../../../shared/tasks.schema';
import { CollectionPage, EmptyState, TagFilter, type Metric } from '../../../components/ui/collection-page';
import { useEditor } from '../../../components/ui/editor-overlay';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { TrashConfirmDialog } from '../../../components/items/trash-confirm-dialog';
import { useOpenFromUrl } from '../../../components/ui/use-open-from-url';
import { saveOrder, updateItem, useItems, useTimeZone } from '../../../lib/items';
import { DUE_FILTERS, GOAL_FILTERS, matchesFilters, NO_FILTERS, type TaskFilters } from '../lib/task-filters';
import { TaskCard } from './task-card';
import { TaskEditor } from './task-editor';
import { isRepeating, trashFromSeries, type RepeatingTask } from '../lib/task-series';
import { SeriesScopeDialog, type SeriesScope } from '../../../components/items/series-scope-dialog';
import './tasks.css';
import { useAppTexts } from '../../../i18n/texts';
import type { AppTexts } from '../../../i18n/catalogue-types';

/** Priorities from high to low. */
const PRIORITIES = [...TASK_PRIORITIES].reverse();
/** The overview's counts; due states are read in the user's time zone. */
function metrics(now: Date, timeZone: string, texts: AppTexts): Array<Metric<Task>> {
  const dueState = (task: Task) => taskDue(task, now, timeZone)?.state;
  const t = texts.tasks.page;
  return [
    ...TASK_STATUSES.map((status) => ({ label: texts.labels.taskStatus[status], counts: (task: Task) => task.status === status })),
    ...PRIORITIES.map((priority) => ({ label: texts.labels.priority[priority], counts: (task: Task) => task.priority === priority })),
    { label: t.dueFilter.overdue, counts: (task) => dueState(task) === 'overdue' },
    { label: t.dueFilter.due_soon, counts: (task) => dueState(task) === 'due_soon' },
    { label: t.withGoals, counts: (task) => task.goal_id !== null },
  ];
}

/** The tasks page: the list frame with the task filters, the task cards and the editor. */
/** `lead` shows above the overview (the app puts quick add there). */
export function TasksPage({ lead }: { lead?: ReactNode }) {
  const showToast = useToast();
  const texts = useAppTexts();
  const t = texts.tasks.page;
  const tasks = useItems('tasks');
  const goals = useItems('goals').data ?? [];
  const tags = useItems('tags').data ?? [];
  const timeZone = useTimeZone();
  const [filters, setFilters] = useState<TaskFilters>(NO_FILTERS);
  const { editor, openEditor, closeEditor } = useEditor<Task>();
  useOpenFromUrl('taskId', tasks.data, openEditor);
  const [toDelete, setToDelete] = useState<Task | null>(null);

  const all = tasks.data ?? [];
  const now = new Date();
  const filter = <K extends keyof TaskFilters>(key: K, value: TaskFilters[K]) => setFilters((current) => ({ ...current, [key]: value }));

  async function trash(task: RepeatingTask, scope: SeriesScope) {
    try {
      await trashFromSeries(task, scope, timeZone);
      showToast({ tone: 'success', title: texts.trashConfirm.tasks.moved });
    } catch {
      showToast({ tone: 'error', title: texts.trashConfirm.tasks.failed, description: texts.ui.tryAgain });
    }
    setToDelete(null);
  }

  async function toggle(task: Task) {
    try {
      await updateItem('tasks', task.id, { status: toggledTaskStatus(task.status) });
    } catch {
      showToast({ tone: 'error', title: texts.tasks.editor.updateFailed, description: texts.ui.tryAgain });
    }
  }

  return (
    <CollectionPage
      title={t.title}
      newLabel={t.newTask}
      onNew={() => openEditor(null)}
      lead={lead}
      list={tasks}
      shows={(task) => matchesFilters(task, filters, now, timeZone)}
      order={{ save: (ids) => saveOrder('tasks', ids), saved: t.orderSaved, failed: texts.tasks.editor.updateFailed }}
      overview={{ label: t.overview, metrics: metrics(now, timeZone, texts) }}
      filters={
        <>
          <TextField label={t.search} type="search" value={filters.search} onChange={(event) => filter('search', event.target.value)} />
          <Select
            label={t.status}
            options={[{ value: 'all', label: t.allStatuses }, ...TASK_STATUSES.map((value) => ({ value, label: texts.labels.taskStatus[value] }))]}
            value={filters.status}
            onChange={(event) => filter('status', event.target.value as TaskFilters['status'])}
          />
          <Select
            label={t.priority}
            options={[{ value: 'all', label: t.allPriorities }, ...PRIORITIES.map((value) => ({ value, label: texts.labels.priority[value] }))]}
            value={filters.priority}
            onChange={(event) => filter('priority', event.target.value as TaskFilters['priority'])}
          />
          <Select
            label={t.due}
            options={DUE_FILTERS.map((value) => ({ value, label: t.dueFilter[value] }))}
            value={filters.due}
            onChange={(event) => filter('due', event.target.value as TaskFilters['due'])}
          />
          <Select
            label={t.goalLink}
            options={GOAL_FILTERS.map((value) => ({ value, label: t.goalFilter[value] }))}
            value={filters.goal}
            onChange={(event) => filter('goal', event.target.value as TaskFilters['goal'])}
          />
          <TagFilter items={all} value={filters.tag} onChange={(tag) => filter('tag', tag)} />
        </>
      }
      loadingLabel={t.loading}
      failedTitle={t.loadFailed}
      empty={
        all.length === 0 ? (
          <EmptyState title={t.empty} action={{ label: texts.dashboard.overview.addFirstTask, onClick: () => openEditor(null) }} />
        ) : (
          <EmptyState title={t.noMatch} />
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
      {toDelete && isRepeating(toDelete) ? (
        <SeriesScopeDialog kind="tasks" action="delete" onChoose={(scope) => trash(toDelete, scope)} onCancel={() => setToDelete(null)} />
      ) : (
        <TrashConfirmDialog kind="tasks" item={toDelete} onClose={() => setToDelete(null)} />
      )}
    </CollectionPage>
  );
}
