import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { nextGoalStatus, type Goal } from '../../../../../shared/goals';
import {
  CardSkeletons,
  CollectionHeader,
  EmptyState,
  hasTag,
  itemsClassName,
  Overview,
  TagFilter,
  Toolbar,
  useCollectionView,
  ViewSwitch,
} from '../../../components/ui/collection';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useEditor } from '../../../components/ui/editor-overlay';
import { SortableList } from '../../../components/ui/sortable-list';
import { useToast } from '../../../components/ui/toast';
import { useReorder } from '../../../components/ui/use-reorder';
import { deleteItem, saveOrder, useItems, useSettings } from '../../../lib/items';
import { changeGoalStatus } from '../api/change-goal-status';
import { GoalCard } from './goal-card';
import { GoalEditor } from './goal-editor';
import { GoalTasksDrawer } from './goal-tasks-drawer';
import './goals.css';

/** The goals page: overview, tag filter, grid or list, reorder, the cards, the editor and the Goal Tasks panel. */
export function GoalsPage() {
  const showToast = useToast();
  const goals = useItems('goals');
  const tasks = useItems('tasks').data ?? [];
  const tags = useItems('tags').data ?? [];
  const timeZone = useSettings().data?.preferred_timezone ?? 'UTC';
  const [searchParams, setSearchParams] = useSearchParams();
  const { view, setView, canSwitch } = useCollectionView();
  const [tagFilter, setTagFilter] = useState('');
  const { editor, openEditor, closeEditor } = useEditor<Goal>();
  const [drawerGoalId, setDrawerGoalId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Goal | null>(null);

  const all = goals.data ?? [];
  const reorder = useReorder(all, (ids) => saveOrder('goals', ids), { saved: 'Goal order updated', failed: 'Failed to update goal' });
  const shown = reorder.ordered.filter((goal) => hasTag(goal, tagFilter));
  const tasksOf = (goalId: string) => tasks.filter((task) => task.goal_id === goalId);

  // ?goalId= opens that goal in the editor once the list has loaded; the parameter is then dropped.
  const goalId = searchParams.get('goalId');
  useEffect(() => {
    if (!goalId || !goals.data) return;
    const goal = goals.data.find((item) => item.id === goalId);
    if (goal) openEditor(goal);
    setSearchParams(
      (params) => {
        params.delete('goalId');
        return params;
      },
      { replace: true },
    );
  }, [goalId, goals.data, openEditor, setSearchParams]);

  async function toggleStatus(goal: Goal) {
    const status = nextGoalStatus(goal.status);
    try {
      await changeGoalStatus(goal, status);
      showToast({ tone: 'success', title: `Goal marked as ${status}` });
    } catch {
      showToast({ tone: 'error', title: 'Failed to update goal status', description: 'Please try again.' });
    }
  }

  async function moveToTrash(goal: Goal) {
    try {
      await deleteItem('goals', goal.id);
    } catch {
      showToast({ tone: 'error', title: 'Failed to delete goal', description: 'Please try again.' });
    }
    setToDelete(null);
  }

  const count = (test: (goal: Goal) => boolean) => all.filter(test).length;

  return (
    <div className="collection">
      <title>Goals · Tempo</title>
      <CollectionHeader
        title="Goals"
        reordering={reorder.reordering}
        savingOrder={reorder.saving}
        canReorder={all.length > 1}
        onToggleReorder={() => void reorder.toggle()}
        newLabel="New Goal"
        onNew={() => openEditor(null)}
      />
      <Overview
        label="Goals overview"
        metrics={[
          { label: 'Total', value: all.length },
          { label: 'Active', value: count((goal) => goal.status === 'active') },
          { label: 'Completed', value: count((goal) => goal.status === 'completed') },
          { label: 'Paused', value: count((goal) => goal.status === 'paused') },
          { label: 'Short Term', value: count((goal) => goal.type === 'short_term') },
          { label: 'Long Term', value: count((goal) => goal.type === 'long_term') },
        ]}
      />
      <Toolbar>
        <TagFilter items={all} value={tagFilter} onChange={setTagFilter} />
        {canSwitch && <ViewSwitch view={view} onChange={setView} />}
      </Toolbar>

      {!goals.data ? (
        <CardSkeletons label="Loading goals..." />
      ) : shown.length === 0 ? (
        <EmptyState title={all.length === 0 ? 'No goals yet' : 'No goals match your filters'} action={{ label: 'Add first goal', onClick: () => openEditor(null) }} />
      ) : (
        <SortableList
          items={shown}
          reordering={reorder.reordering}
          onMove={reorder.move}
          className={itemsClassName(view)}
          label="Goals"
          itemName={(goal) => goal.title}
          renderItem={(goal, handle) => (
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
        />
      )}

      {editor && <GoalEditor key={editor.key} goal={editor.item} open={editor.open} onClose={closeEditor} timeZone={timeZone} />}
      <GoalTasksDrawer goal={all.find((goal) => goal.id === drawerGoalId)} tasks={drawerGoalId ? tasksOf(drawerGoalId) : []} onClose={() => setDrawerGoalId(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Move goal to trash?"
        message="Are you sure you want to move this goal to trash? You can restore it from the trash for up to 10 days."
        confirmLabel="Move to Trash"
        tone="danger"
        onConfirm={() => (toDelete ? moveToTrash(toDelete) : undefined)}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
