import { format } from 'date-fns';
import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CALENDAR, MOBILE_BREAKPOINT_PX } from '../../../../shared/constants';
import { calendarDay } from '../../../../shared/dates';
import type { Due } from '../../../../shared/due';
import { Button } from './button';
import { classNames } from './class-names';
import { Select } from './select';
import './collection.css';

/* The parts the goals and tasks pages share: header, overview, view switch, states and dates. */

export type CollectionView = 'grid' | 'list';

interface CollectionHeaderProps {
  title: string;
  reordering: boolean;
  savingOrder: boolean;
  /** Reordering needs something to order. */
  canReorder: boolean;
  onToggleReorder: () => void;
  newLabel: string;
  onNew: () => void;
}

/** The page title with Reorder / Save Order and the New button. */
export function CollectionHeader({ title, reordering, savingOrder, canReorder, onToggleReorder, newLabel, onNew }: CollectionHeaderProps) {
  return (
    <header className="collection__header">
      <h1 className="collection__title">{title}</h1>
      <div className="collection__actions">
        <Button variant="secondary" aria-pressed={reordering} busy={savingOrder} disabled={!canReorder && !reordering} onClick={onToggleReorder}>
          {reordering ? 'Save Order' : 'Reorder'}
        </Button>
        <Button onClick={onNew} disabled={reordering}>
          <span aria-hidden="true">+</span> {newLabel}
        </Button>
      </div>
    </header>
  );
}

interface OverviewProps {
  /** The toggle's text ('Goals overview'). */
  label: string;
  metrics: ReadonlyArray<{ label: string; value: number }>;
}

/** Counts of the list behind a toggle; a count of zero is not shown. */
export function Overview({ label, metrics }: OverviewProps) {
  const [open, setOpen] = useState(true);
  const regionId = useId();
  const shown = metrics.filter((metric) => metric.value > 0);
  return (
    <section className="collection__overview" aria-label={label}>
      <button type="button" className="collection__overview-toggle" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {label}
      </button>
      <div id={regionId} hidden={!open}>
        {shown.length > 0 && (
          <dl className="collection__metrics">
            {shown.map((metric) => (
              <div key={metric.label} className="collection__metric">
                <dt>{metric.label}</dt>
                <dd>{metric.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function watchMobile(changed: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** The list's layout: grid or list as chosen on desktop, always the list on phones (no switch there). */
export function useCollectionView() {
  const [chosen, setView] = useState<CollectionView>('grid');
  const mobile = useSyncExternalStore(watchMobile, () => window.matchMedia(MOBILE_QUERY).matches);
  return { view: mobile ? ('list' as const) : chosen, setView, canSwitch: !mobile };
}

/** Grid or list (desktop only: see useCollectionView). */
export function ViewSwitch({ view, onChange }: { view: CollectionView; onChange: (view: CollectionView) => void }) {
  return (
    <div className="collection__view-switch" role="group" aria-label="Layout">
      {(['grid', 'list'] as const).map((option) => (
        <button key={option} type="button" className="collection__view-option" aria-pressed={view === option} onClick={() => onChange(option)}>
          {option === 'grid' ? 'Grid' : 'List'}
        </button>
      ))}
    </div>
  );
}

/** Filters in a row above the list. */
export function Toolbar({ children }: { children: ReactNode }) {
  return (
    <div className="collection__toolbar" role="search">
      {children}
    </div>
  );
}

interface TagFilterProps {
  /** The list's items: their tags are the choices. */
  items: ReadonlyArray<{ tags: readonly string[] }>;
  /** A tag name, or '' for all. */
  value: string;
  onChange: (value: string) => void;
}

/** Shows only the items carrying one tag. */
export function TagFilter({ items, value, onChange }: TagFilterProps) {
  const names = [...new Set(items.flatMap((item) => item.tags))].sort((a, b) => a.localeCompare(b));
  return (
    <Select
      label="Tag"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={[{ value: '', label: 'All tags' }, ...names.map((name) => ({ value: name, label: name }))]}
    />
  );
}

/** Whether an item carries a tag ('' matches all). */
export function hasTag(item: { tags: readonly string[] }, tag: string): boolean {
  return tag === '' || item.tags.some((name) => name.toLowerCase() === tag.toLowerCase());
}

/** Placeholder cards while the list loads. */
export function CardSkeletons({ label }: { label: string }) {
  return (
    <div role="status">
      <span className="visually-hidden">{label}</span>
      <ul className="collection__items collection__items--grid" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="item-card item-card--skeleton">
            <span className="skeleton skeleton--title" />
            <span className="skeleton" />
            <span className="skeleton skeleton--short" />
          </li>
        ))}
      </ul>
    </div>
  );
}

interface EmptyStateProps {
  title: string;
  action?: { label: string; onClick: () => void };
}

export function EmptyState({ title, action }: EmptyStateProps) {
  return (
    <div className="collection__empty">
      <h2 className="collection__empty-title">{title}</h2>
      {action && <Button onClick={action.onClick}>{action.label}</Button>}
    </div>
  );
}

/** The list's layout class. */
export function itemsClassName(view: CollectionView): string {
  return classNames('collection__items', `collection__items--${view}`);
}

interface DueDateProps {
  /** What the date is ('Target', 'Due'). */
  label: string;
  date: string | null;
  due: Due;
  timeZone: string;
}

/** A date as 'MMM d, yyyy' in the user's time zone with its due state (overdue, due today, due soon). */
export function DueDate({ label, date, due, timeZone }: DueDateProps) {
  if (!date) return null;
  const day = calendarDay(date, timeZone);
  return (
    <span className="due-date">
      <span>
        {label}: <time dateTime={day}>{format(new Date(`${day}T00:00:00`), CALENDAR.dateFormat)}</time>
      </span>
      {due && <span className={classNames('due-badge', `due-badge--${due.state}`)}>{due.label}</span>}
    </span>
  );
}
