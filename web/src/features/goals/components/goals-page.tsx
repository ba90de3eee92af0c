import { useState } from 'react';
import { GOAL_STATUSES, GOAL_TYPES, nextGoalStatus, type Goal } from '../../../../../shared/goals';
import { CollectionPage, EmptyState, hasTag, TagFilter } from '../../../components/ui/collection-page';
import { useEditor } from '../../../components/ui/editor-overlay';
import { useToast } from '../../../components/ui/toast';
import { TrashConfirmDialog } from '../../../components/ui/trash-confirm-dialog';
import { useOpenFromUrl } from '../../../components/ui/use-open-from-url';
import { saveOrder, useItems, useSettings } from '../../../lib/items';
import { changeGoalStatus } from '../api/change-goal-status';
import { GOAL_STATUS_LABELS, GOAL_TYPE_LABELS } from '../lib/labels';
import { GoalCard } from './goal-card';
import { GoalEditor } from './goal-editor';
import { GoalTasksDrawer } from './goal-tasks-drawer';
import './goals.css';

const METRICS = [
  ...GOAL_STATUSES.map((status) => ({ label: GOAL_STATUS_LABELS[status], counts: (goal: Goal) => goal.status === status })),
  ...GOAL_TYPES.map((type) => ({ label: GOAL_TYPE_LABELS[type], counts: (goal: Goal) => goal.type === type })),
];

/** The goals page: the list frame with its tag filter, the goal cards, the editor and the Goal Tasks panel. */
export function GoalsPage() {
  const showToast = useToast();
  const goals = useItems('goals');
  const tasks = useItems('tasks').data ?? [];
  const tags = useItems('tags').data ?? [];
  const timeZone = useSettings().data?.preferred_timezone ?? 'UTC';
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
      await changeGoalStatus(goal, status);
      showToast({ tone: 'success', title: `Goal marked as ${status}` });
    } catch {
      showToast({ tone: 'error', title: 'Failed to update goal status', description: 'Please try again.' });
    }
  }

  return (
    <CollectionPage
      title="Goals"
      newLabel="New Goal"
      onNew={() => openEditor(null)}
      list={goals}
      shows={(goal) => hasTag(goal, tagFilter)}
      order={{ save: (ids) => saveOrder('goals', ids), saved: 'Goal order updated', failed: 'Failed to update goal' }}
      overview={{ label: 'Goals overview', metrics: METRICS }}
      filters={<TagFilter items={all} value={tagFilter} onChange={setTagFilter} />}
      loadingLabel="Loading goals..."
      empty={<EmptyState title={all.length === 0 ? 'No goals yet' : 'No goals match your filters'} action={{ label: 'Add first goal', onClick: () => openEditor(null) }} />}
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
      <GoalTasksDrawer goal={all.find((goal) => goal.id === drawerGoalId)} tasks={drawerGoalId ? tasksOf(drawerGoalId) : []} onClose={() => setDrawerGoalId(null)} />
      <TrashConfirmDialog kind="goals" item={toDelete} onClose={() => setToDelete(null)} />
    </CollectionPage>
  );
}
