import { useEffect, useState } from 'react';
import { classNames } from './class-names';
import type { ReorderableList, ReorderableListProps } from './reorderable-list';
import './sortable-list.css';

interface SortableListProps<T extends { id: string }> extends ReorderableListProps<T> {
  /** Drag handles show only while reordering. */
  reordering: boolean;
}

type Reorderable = typeof ReorderableList;
let reorderableLoaded: Reorderable | null = null;

/**
 * dnd-kit, which only reorder mode needs, once a list has entered it: the lists' pages load without
 * it. Not through a Suspense boundary, whose reveal waits on timers; a failed download leaves the
 * plain list, and the next entry tries again.
 */
function useReorderableList(wanted: boolean): Reorderable | null {
  const [loaded, setLoaded] = useState<Reorderable | null>(() => reorderableLoaded);
  useEffect(() => {
    if (!wanted || loaded) return;
    let mounted = true;
    import('./reorderable-list')
      .then((module) => {
        reorderableLoaded = module.ReorderableList;
        if (mounted) setLoaded(() => module.ReorderableList);
      })
      .catch(() => undefined);
    return () => {
      mounted = false;
    };
  }, [wanted, loaded]);
  return loaded;
}

/**
 * A list whose items can be dragged into a new order while `reordering` (reorderable-list.tsx).
 * Otherwise it is a plain list: dnd-kit's hooks in every item re-render all of them whenever one is
 * added or changes (a turn of the assistant does that several times), which on a long list cost
 * more than the change itself. While dnd-kit downloads, the plain list stays.
 */
export function SortableList<T extends { id: string }>({ reordering, ...list }: SortableListProps<T>) {
  const Reorderable = useReorderableList(reordering);
  if (reordering && Reorderable) return <Reorderable {...list} />;
  const { items, className, label, renderItem } = list;
  return (
    <ul className={classNames('sortable-list', className)} aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="sortable-list__item">
          {renderItem(item, null)}
        </li>
      ))}
    </ul>
  );
}
