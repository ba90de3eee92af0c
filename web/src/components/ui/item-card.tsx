import type { ReactNode } from 'react';
import { calendarDay } from '../../../../shared/dates';
import type { Due } from '../../../../shared/due';
import { useAppTexts } from '../../i18n/texts';
import { formatDay } from '../../lib/zoned-dates';
import type { Tone } from './alert';
import { classNames } from './class-names';
import { Icon } from './icon';
import './item-card.css';

const DUE_TONES = { overdue: 'error', due_soon: 'warning' } as const satisfies Record<NonNullable<Due>['state'], Tone>;

interface ItemCardFrameProps {
  /** The item's title: the card's name and the button that opens the item. */
  title: string;
  description: string;
  className: string;
  /** The drag handle in reorder mode, else null: the card's own buttons wait while the list is reordered. */
  handle: ReactNode;
  /** A stand-in for an item the assistant is still saving: shown as busy, its buttons waiting too. */
  saving: boolean;
  /** Stands between the handle and the title (a task's checkbox). */
  leading?: ReactNode;
  /** The delete button's name ('Delete goal Learn Spanish'). */
  deleteLabel: string;
  onOpen: () => void;
  onDelete: () => void;
  /** The rest of the card: badges, dates, tags. */
  children: ReactNode;
}

/**
 * A card of a list (goals, tasks): its title opens the item, the bin moves it to the trash, the
 * description follows; the caller fills in the rest.
 */
export function ItemCardFrame({ title, description, className, handle, saving, leading, deleteLabel, onOpen, onDelete, children }: ItemCardFrameProps) {
  const waiting = handle !== null || saving;
  return (
    <article className={classNames('item-card', className)} aria-label={title} aria-busy={saving || undefined}>
      <div className="item-card__top">
        {handle}
        {leading}
        <h2 className="item-card__title">
          <button type="button" className="item-card__open" onClick={onOpen} disabled={waiting}>
            {title}
          </button>
        </h2>
        <TrashButton label={deleteLabel} onClick={onDelete} disabled={waiting} />
      </div>
      {description && <p className="item-card__description">{description}</p>}
      {children}
    </article>
  );
}

/** The bin icon button that moves an item to the trash. */
export function TrashButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  const hint = useAppTexts().ui.moveToTrashHint;
  return (
    <button type="button" className="trash-button" aria-label={label} title={hint} onClick={onClick} disabled={disabled}>
      <Icon name="trash" />
    </button>
  );
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
  const t = useAppTexts();
  if (!date) return null;
  const day = calendarDay(date, timeZone);
  return (
    <span className="due-date">
      <span>
        {label}: <time dateTime={day}>{formatDay(day, t.dates)}</time>
      </span>
      {due && <span className={classNames('due-badge', `tone--${DUE_TONES[due.state]}`)}>{t.ui.due(due)}</span>}
    </span>
  );
}
