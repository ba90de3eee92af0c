import { useEffect, useId, useMemo, useState } from 'react';
import { TRASH_WARNING_DAYS } from '../../../../../shared/constants';
import { calendarDay } from '../../../../../shared/dates';
import type { TrashableKind } from '../../../../../shared/item-kinds';
import type { TrashEntry } from '../../../../../shared/item-fields.schema';
import { trashDaysLeft } from '../../../../../shared/trash';
import { repeatSummary } from '../../../components/items/repeat-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { classNames } from '../../../components/ui/class-names';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConnectionNotice } from '../../../components/ui/connection-notice';
import { Select } from '../../../components/ui/select';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { changeTrash, emptyTrash, useTimeZone, useTrash } from '../../../lib/items';
import { formatDay } from '../../../lib/zoned-dates';
import { useOfflineStatus } from '../../../lib/offline/status';
import './trash.css';
import { useAppTexts } from '../../../i18n/texts';

const TYPES = ['all', 'goals', 'tasks', 'events'] as const;

type Pending = { action: 'delete'; items: TrashEntry[] } | { action: 'empty' } | null;

const keyOf = (item: Pick<TrashEntry, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/** Deleted goals, tasks and events for 10 days: find them, restore them, or delete them for good. */
export function TrashPage() {
  const showToast = useToast();
  const trash = useTrash();
  const timeZone = useTimeZone();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'all' | TrashableKind>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const [working, setWorking] = useState(false);
  // Emptying the trash is the server's to do (it deletes what this browser may not hold): it waits for a network.
  const offline = !useOfflineStatus().online;
  const offlineId = useId();
  const texts = useAppTexts();
  const t = texts.trash;

  const failed = Boolean(trash.error);
  useEffect(() => {
    if (failed) showToast({ tone: 'error', title: t.fetchFailed });
  }, [failed, showToast, t]);

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
      showToast({ tone: 'success', title: t.restored(count) });
    } catch {
      showToast({ tone: 'error', title: t.restoreFailed });
    } finally {
      setWorking(false);
    }
  }

  async function confirmPending() {
    if (!pending) return;
    try {
      const count = pending.action === 'empty' ? await emptyTrash() : await changeTrash('delete', pending.items);
      setSelected(new Set());
      showToast({ tone: 'success', title: t.deleted(count) });
    } catch {
      showToast({ tone: 'error', title: t.deleteFailed });
    }
    setPending(null);
  }

  return (
    <div className="trash-page">
      <title>{t.documentTitle}</title>
      <header className="trash-page__header">
        <div>
          <h1>{t.title}</h1>
          <p className="trash-page__intro">{t.intro}</p>
        </div>
        <div className="trash-page__actions">
          <RefreshButton onRefresh={() => trash.mutate()} />
          <Button
            className="button--danger"
            disabled={items.length === 0 || working || offline}
            aria-describedby={offline ? offlineId : undefined}
            onClick={() => setPending({ action: 'empty' })}
          >
            {t.empty}
          </Button>
        </div>
      </header>
      {offline && <ConnectionNotice id={offlineId}>{texts.offline.needsConnection.emptyTrash}</ConnectionNotice>}

      <div className="trash-page__filters">
        <TextField label={texts.tasks.page.search} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <Select
          label={t.type}
          options={TYPES.map((value) => ({ value, label: t.types[value] }))}
          value={type}
          onChange={(event) => setType(event.target.value as 'all' | TrashableKind)}
        />
      </div>

      {trash.error && !trash.data ? (
        <Alert tone="error" title={t.fetchFailed} />
      ) : !trash.data ? (
        <p className="page-status__inline" role="status">
          <Spinner /> {texts.common.loading}
        </p>
      ) : items.length === 0 ? (
        <div className="trash-empty">
          <p className="trash-empty__title">{t.emptyTitle}</p>
          <p>{t.emptyText}</p>
        </div>
      ) : shown.length === 0 ? (
        <div className="trash-empty">
          <p className="trash-empty__title">{t.noMatch}</p>
        </div>
      ) : (
        <>
          <div className="trash-bulk">
            <Checkbox label={t.selectAll} checked={allChosen} onChange={() => setSelected(allChosen ? new Set() : new Set(shown.map(keyOf)))} />
            {chosen.length > 0 && (
              <div className="trash-bulk__actions">
                <span>{t.selected(chosen.length)}</span>
                <Button variant="secondary" disabled={working} onClick={() => void restore(chosen)}>
                  {t.restoreSelected}
                </Button>
                <Button className="button--danger" disabled={working} onClick={() => setPending({ action: 'delete', items: chosen })}>
                  {t.deleteSelected}
                </Button>
              </div>
            )}
          </div>
          <ul className="trash-list" aria-label={t.list}>
            {shown.map((item) => {
              // On this page's clock, in the person's time zone (shared/trash.ts).
              const daysLeft = trashDaysLeft(item.deleted_at, new Date(), timeZone);
              return (
                <li key={keyOf(item)} className="trash-item">
                  <Checkbox label={t.select(item.title)} checked={selected.has(keyOf(item))} onChange={() => toggle(item)} />
                  <div className="trash-item__text">
                    <p className="trash-item__title">{item.title}</p>
                    <p className="trash-item__meta">
                      <span className="trash-item__kind">{t.kinds[item.kind]}</span>
                      {item.repeats && (
                        <span>{t.repeatsFrom(repeatSummary(item.repeats.rule, item.repeats.from, texts), formatDay(item.repeats.from, texts.dates))}</span>
                      )}
                      <span>{t.deletedOn(formatDay(calendarDay(item.deleted_at, timeZone), texts.dates))}</span>
                      <span className={classNames('trash-item__days', daysLeft <= TRASH_WARNING_DAYS && 'trash-item__days--warning')}>
                        {t.daysLeft(daysLeft)}
                      </span>
                    </p>
                  </div>
                  <div className="trash-item__actions">
                    <Button variant="secondary" disabled={working} aria-label={t.restoreItem(item.title)} onClick={() => void restore([item])}>
                      {t.restore}
                    </Button>
                    <Button
                      className="button--danger"
                      disabled={working}
                      aria-label={t.deleteItem(item.title)}
                      onClick={() => setPending({ action: 'delete', items: [item] })}
                    >
                      {t.delete}
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
        title={pending?.action === 'empty' ? t.empty : t.deletePermanently}
        message={pending?.action === 'empty' ? t.emptyConfirm : t.deleteConfirm(pending?.items.length ?? 0)}
        confirmLabel={pending?.action === 'empty' ? t.empty : t.deletePermanently}
        tone="danger"
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
