import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';
import { classNames } from './class-names';
import { LoadState, type Read } from './load-state';
import { Select } from './select';
import { SortableList } from './sortable-list';
import { useIsMobile } from './use-is-mobile';
import { useReorder } from './use-reorder';
import './collection.css';
import './item-card.css';
import { useAppTexts } from '../../i18n/texts';

export type CollectionView = 'grid' | 'list';

interface Item {
  id: string;
  title: string;
}

export interface Metric<T> {
  label: string;
  /** Which items it counts. */
  counts: (item: T) => boolean;
}

interface CollectionPageProps<T extends Item> {
  /** The page's heading ('Goals'), also its list's name. */
  title: string;
  /** The New button's text ('New Goal'). */
  newLabel: string;
  onNew: () => void;
  /** The read of every item, in their saved order. */
  list: Read & { data: readonly T[] | undefined };
  /** Which items the filters let through. */
  shows: (item: T) => boolean;
  /** Saves a new order (every id); the toasts' titles say it was saved or failed. */
  order: { save: (ids: string[]) => Promise<void>; saved: string; failed: string };
  /** The overview's toggle text ('Goals overview') and counts, after 'Total'. */
  overview: { label: string; metrics: ReadonlyArray<Metric<T>> };
  /** The filters, in the toolbar before the Grid / List toggle. */
  filters: ReactNode;
  /** Said while loading ('Loading goals...'), and the title of a failed first load ('Failed to load goals'). */
  loadingLabel: string;
  failedTitle: string;
  /** Shown when no item shows: none yet, or none matching the filters. */
  empty: ReactNode;
  /** The card; `handle` is null outside reorder mode. */
  renderItem: (item: T, handle: ReactNode, view: CollectionView) => ReactNode;
  /** Above the overview: a way to add items other than the editor (the Tasks page's quick add). */
  lead?: ReactNode;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * A page listing items as cards (goals, tasks): the heading with Reorder / Save Order and New, the
 * overview, the filters with the Grid / List toggle, then loading placeholders, the empty state or
 * the cards, which drag into a new order in reorder mode.
 */
export function CollectionPage<T extends Item>(props: CollectionPageProps<T>) {
  const { title, newLabel, onNew, list, shows, order, overview, filters, loadingLabel, failedTitle, empty, renderItem, lead, children } = props;
  const all = list.data ?? [];
  const reorder = useReorder(all, order.save, order);
  const { view, setView, canSwitch } = useCollectionView();
  const shown = reorder.ordered.filter(shows);
  const t = useAppTexts().ui;

  return (
    <div className="collection">
      <title>{`${title} · Tempo`}</title>
      <header className="collection__header">
        <h1 className="collection__title">{title}</h1>
        <div className="collection__actions">
          <Button
            variant="secondary"
            aria-pressed={reorder.reordering}
            busy={reorder.saving}
            disabled={all.length < 2 && !reorder.reordering}
            onClick={() => void reorder.toggle()}
          >
            {reorder.reordering ? t.saveOrder : t.reorder}
          </Button>
          <Button onClick={onNew} disabled={reorder.reordering}>
            <span aria-hidden="true">+</span> {newLabel}
          </Button>
        </div>
      </header>
      {lead}
      <OverviewMetrics label={overview.label} items={all} metrics={overview.metrics} />
      <div className="collection__toolbar" role="search">
        {filters}
        {canSwitch && <ViewToggle view={view} onChange={setView} />}
      </div>

      <LoadState reads={[list]} failedTitle={failedTitle} placeholder={<CardSkeletons label={loadingLabel} />}>
        {shown.length === 0 ? (
          empty
        ) : (
          <SortableList
            items={shown}
            reordering={reorder.reordering}
            onMove={reorder.move}
            className={classNames('collection__items', `collection__items--${view}`)}
            label={title}
            itemName={(item) => item.title}
            renderItem={(item, handle) => renderItem(item, handle, view)}
          />
        )}
      </LoadState>
      {children}
    </div>
  );
}

interface OverviewMetricsProps<T> {
  label: string;
  items: readonly T[];
  metrics: ReadonlyArray<Metric<T>>;
}

/** 'Total' and the other counts of the list behind a toggle; a count of zero is not shown. */
function OverviewMetrics<T>({ label, items, metrics }: OverviewMetricsProps<T>) {
  const total = useAppTexts().ui.total;
  const [open, setOpen] = useState(true);
  const regionId = useId();
  const counted = [{ label: total, value: items.length }, ...metrics.map((metric) => ({ label: metric.label, value: items.filter(metric.counts).length }))];
  const shown = counted.filter((metric) => metric.value > 0);
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

/** The list's layout: grid or list as chosen on desktop, always the list on phones (no toggle there). */
function useCollectionView() {
  const [chosen, setView] = useState<CollectionView>('grid');
  const mobile = useIsMobile();
  return { view: mobile ? ('list' as const) : chosen, setView, canSwitch: !mobile };
}

function ViewToggle({ view, onChange }: { view: CollectionView; onChange: (view: CollectionView) => void }) {
  const t = useAppTexts().ui;
  return (
    <div className="collection__view-switch" role="group" aria-label={t.layout}>
      {(['grid', 'list'] as const).map((option) => (
        <button key={option} type="button" className="collection__view-option" aria-pressed={view === option} onClick={() => onChange(option)}>
          {t.views[option]}
        </button>
      ))}
    </div>
  );
}

/** Placeholder cards while the list loads. */
function CardSkeletons({ label }: { label: string }) {
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

/** What a list page shows when no item shows, with an optional button ('Add first goal'). */
export function EmptyState({ title, action }: EmptyStateProps) {
  return (
    <div className="collection__empty">
      <h2 className="collection__empty-title">{title}</h2>
      {action && <Button onClick={action.onClick}>{action.label}</Button>}
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
  const t = useAppTexts().ui;
  return (
    <Select
      label={t.tag}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={[{ value: '', label: t.allTags }, ...names.map((name) => ({ value: name, label: name }))]}
    />
  );
}

/** Whether an item carries a tag ('' matches all). */
export function hasTag(item: { tags: readonly string[] }, tag: string): boolean {
  return tag === '' || item.tags.some((name) => name.toLowerCase() === tag.toLowerCase());
}
