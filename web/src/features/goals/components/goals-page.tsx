import { useState } from 'react';
import { GOAL_STATUSES, GOAL_TYPES, nextGoalStatus } from '../../../../../shared/goals';
import type { Goal } from '../../../../../shared/goals.schema';
import { CollectionPage, EmptyState, hasTag, TagFilter } from '../../../components/ui/collection-page';
import { useEditor } from '../../../components/ui/editor-overlay';
import { useToast } from '../../../components/ui/toast';
import { TrashConfirmDialog } from '../../../components/items/trash-confirm-dialog';
import { useOpenFromUrl } from '../../../components/ui/use-open-from-url';
import { saveOrder, updateItem, useItems, useTimeZone } from '../../../lib/items';
import { GoalCard } from './goal-card';
import { GoalEditor } from './goal-editor';
import { GoalTasksDrawer } from './goal-tasks-drawer';
import './goals.css';
import { useAppTexts } from '../../../i18n/texts';

/** The goals page: the list frame with its tag filter, the goal cards, the editor and the Goal Tasks panel. */
export function GoalsPage() {
  const showToast = useToast();
  const texts = useAppTexts();
  const t = texts.goals.page;
  const goals = useItems('goals');
  const tasks = useItems('tasks').data ?? [];
  const tags = useItems('tags').data ?? [];
  const timeZone = useTimeZone();
  const [tagFilter, setTagFilter] = useState('');
  const { editor, openEditor, closeEditor } = useEditor<Goal>();
  useOpenFromUrl('goalId', goals.data, openEditor);
  const [drawerGoalId, setDrawerGoalId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Goal | null>(null);

  const all = goals.data ?? [];
  const tasksOf = (goalId: string) => tasks.filter((task) => task.goal_id === goalId);

  async function toggleStatus(goal: Goal) {
    const status = nextGoalStatus(goal.status);
    try {
      await updateItem('goals', goal.id, { status });
      showToast({ tone: 'success', title: t.markedAs[status] });
    } catch {
      showToast({ tone: 'error', title: t.statusFailed, description: texts.ui.tryAgain });
    }
  }

  return (
    <CollectionPage
      title={t.title}
      newLabel={t.newGoal}
      onNew={() => openEditor(null)}
      list={goals}
      shows={(goal) => hasTag(goal, tagFilter)}
      order={{ save: (ids) => saveOrder('goals', ids), saved: t.orderSaved, failed: t.orderFailed }}
      overview={{
        label: t.overview,
        metrics: [
          ...GOAL_STATUSES.map((status) => ({ label: texts.labels.goalStatus[status], counts: (goal: Goal) => goal.status === status })),
          ...GOAL_TYPES.map((type) => ({ label: texts.labels.goalType[type], counts: (goal: Goal) => goal.type === type })),
        ],
      }}
      filters={<TagFilter items={all} value={tagFilter} onChange={setTagFilter} />}
      loadingLabel={t.loading}
      failedTitle={t.loadFailed}
      empty={<EmptyState title={all.length === 0 ? t.empty : t.noMatch} action={{ label: t.addFirst, onClick: () => openEditor(null) }} />}
      renderItem={(goal, handle, view) => (
        <GoalCard
          goal={goal}
          tasks={tasksOf(goal.id)}
          tags={tags}
          view={view}
          timeZone={timeZone}
          handle={handle}
          onOpen={() => openEditor(goal)}
          onToggleStatus={() => void toggleStatus(goal)}
          onShowTasks={() => setDrawerGoalId(goal.id)}
          onDelete={() => setToDelete(goal)}
        />
      )}
    >
      {editor && <GoalEditor key={editor.key} goal={editor.item} open={editor.open} onClose={closeEditor} timeZone={timeZone} />}
      <GoalTasksDrawer
        goal={all.find((goal) => goal.id === drawerGoalId)}
        tasks={drawerGoalId ? tasksOf(drawerGoalId) : []}
        onClose={() => setDrawerGoalId(null)}
      />
      <TrashConfirmDialog kind="goals" item={toDelete} onClose={() => setToDelete(null)} />
    </CollectionPage>
  );
}
