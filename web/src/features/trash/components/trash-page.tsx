import { useEffect, useMemo, useState } from 'react';
import { TRASH_WARNING_DAYS } from '../../../../../shared/constants';
import { calendarDay } from '../../../../../shared/dates';
import type { TrashableKind, TrashEntry } from '../../../../../shared/items';
import { trashDaysLeft } from '../../../../../shared/trash';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { classNames } from '../../../components/ui/class-names';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Select } from '../../../components/ui/select';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { changeTrash, emptyTrash, useSettings, useTrash } from '../../../lib/items';
import { formatDay } from '../../../lib/zoned-dates';
import './trash.css';

const TYPE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'goals', label: 'Goals' },
  { value: 'tasks', label: 'Tasks' },
  { value: 'events', label: 'Events' },
] as const;
const KIND_LABELS: Record<TrashableKind, string> = { goals: 'Goal', tasks: 'Task', events: 'Event' };

type Pending = { action: 'delete'; items: TrashEntry[] } | { action: 'empty' } | null;

const keyOf = (item: Pick<TrashEntry, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

function remainingLabel(days: number): string {
  if (days <= 0) return 'Expiring today';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** Deleted goals, tasks and events for 10 days: find them, restore them, or delete them for good. */
export function TrashPage() {
  const showToast = useToast();
  const trash = useTrash();
  const timeZone = useSettings().data?.preferred_timezone ?? 'UTC';
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'all' | TrashableKind>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const [working, setWorking] = useState(false);

  const failed = Boolean(trash.error);
  useEffect(() => {
    if (failed) showToast({ tone: 'error', title: 'Failed to fetch trash items' });
  }, [failed, showToast]);

  const items = useMemo(() => trash.data ?? [], [trash.data]);
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return items.filter((item) => (type === 'all' || item.kind === type) && item.title.toLowerCase().includes(words));
  }, [items, search, type]);
  const chosen = shown.filter((item) => selected.has(keyOf(item)));
  const allChosen = shown.length > 0 && chosen.length === shown.length;

  function toggle(item: TrashEntry) {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(keyOf(item))) next.add(keyOf(item));
      return next;
    });
  }

  async function restore(targets: TrashEntry[]) {
    setWorking(true);
    try {
      const count = await changeTrash('restore', targets);
      setSelected(new Set());
      showToast({ tone: 'success', title: `${count} items restored successfully` });
    } catch {
      showToast({ tone: 'error', title: 'Failed to restore items' });
    } finally {
      setWorking(false);
    }
  }

  async function confirmPending() {
    if (!pending) return;
    try {
      const count = pending.action === 'empty' ? await emptyTrash() : await changeTrash('delete', pending.items);
      setSelected(new Set());
      showToast({ tone: 'success', title: `${count} items permanently deleted` });
    } catch {
      showToast({ tone: 'error', title: 'Failed to delete items' });
    }
    setPending(null);
  }

  return (
    <div className="trash-page">
      <title>Trash · Tempo</title>
      <header className="trash-page__header">
        <div>
          <h1>Trash</h1>
          <p className="trash-page__intro">Deleted goals, tasks and events stay here for 10 days before they are removed for good.</p>
        </div>
        <div className="trash-page__actions">
          <RefreshButton onRefresh={() => trash.mutate()} />
          <Button className="button--danger" disabled={items.length === 0 || working} onClick={() => setPending({ action: 'empty' })}>
            Empty Trash
          </Button>
        </div>
      </header>

      <div className="trash-page__filters">
        <TextField label="Search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <Select label="Type" options={TYPE_OPTIONS} value={type} onChange={(event) => setType(event.target.value as 'all' | TrashableKind)} />
      </div>

      {trash.error && !trash.data ? (
        <Alert tone="error" title="Failed to fetch trash items" />
      ) : !trash.data ? (
        <p className="page-status__inline" role="status">
          <Spinner /> Loading...
        </p>
      ) : items.length === 0 ? (
        <div className="trash-empty">
          <p className="trash-empty__title">Trash is empty</p>
          <p>Items you delete appear here for 10 days.</p>
        </div>
      ) : shown.length === 0 ? (
        <div className="trash-empty">
          <p className="trash-empty__title">No items match your filters</p>
        </div>
      ) : (
        <>
          <div className="trash-bulk">
            <Checkbox
              label="Select all"
              checked={allChosen}
              onChange={() => setSelected(allChosen ? new Set() : new Set(shown.map(keyOf)))}
            />
            {chosen.length > 0 && (
              <div className="trash-bulk__actions">
                <span>{chosen.length} selected</span>
                <Button variant="secondary" disabled={working} onClick={() => void restore(chosen)}>
                  Restore selected
                </Button>
                <Button className="button--danger" disabled={working} onClick={() => setPending({ action: 'delete', items: chosen })}>
                  Delete selected
                </Button>
              </div>
            )}
          </div>
          <ul className="trash-list" aria-label="Deleted items">
            {shown.map((item) => {
              // On this page's clock, in the person's time zone (shared/trash.ts).
              const daysLeft = trashDaysLeft(item.deleted_at, new Date(), timeZone);
              return (
                <li key={keyOf(item)} className="trash-item">
                  <Checkbox label={`Select ${item.title}`} checked={selected.has(keyOf(item))} onChange={() => toggle(item)} />
                  <div className="trash-item__text">
                    <p className="trash-item__title">{item.title}</p>
                    <p className="trash-item__meta">
                      <span className="trash-item__kind">{KIND_LABELS[item.kind]}</span>
                      <span>Deleted {formatDay(calendarDay(item.deleted_at, timeZone))}</span>
                      <span className={classNames('trash-item__days', daysLeft <= TRASH_WARNING_DAYS && 'trash-item__days--warning')}>
                        {remainingLabel(daysLeft)}
                      </span>
                    </p>
                  </div>
                  <div className="trash-item__actions">
                    <Button variant="secondary" disabled={working} aria-label={`Restore ${item.title}`} onClick={() => void restore([item])}>
                      Restore
                    </Button>
                    <Button
                      className="button--danger"
                      disabled={working}
                      aria-label={`Delete ${item.title}`}
                      onClick={() => setPending({ action: 'delete', items: [item] })}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === 'empty' ? 'Empty Trash' : 'Delete permanently'}
        message={
          pending?.action === 'empty'
            ? 'All items in the trash will be permanently deleted. This action cannot be undone.'
            : `${pending?.items.length === 1 ? 'This item' : `These ${pending?.items.length ?? 0} items`} will be permanently deleted. This action cannot be undone.`
        }
        confirmLabel={pending?.action === 'empty' ? 'Empty Trash' : 'Delete permanently'}
        tone="danger"
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
