import type { CSSProperties } from 'react';
import { tagColor } from '../../../../shared/tags';
import './tag-chips.css';
import { useAppTexts } from '../../i18n/texts';

interface TagChipProps {
  name: string;
  /** A palette colour; anything else shows the default. */
  color: string | null | undefined;
  /** Adds a remove button. */
  onRemove?: () => void;
}

export function TagChip({ name, color, onRemove }: TagChipProps) {
  const texts = useAppTexts();
  return (
    <span className="tag-chip" style={{ '--tag-color': tagColor(color) } as CSSProperties}>
      <span className="tag-chip__name">{name}</span>
      {onRemove && (
        <button type="button" className="tag-chip__remove" aria-label={texts.ui.removeTag(name)} onClick={onRemove}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </span>
  );
}

interface TagChipsProps {
  names: readonly string[];
  /** The user's tags, for their colours. */
  tags: ReadonlyArray<{ name: string; color: string }>;
  /** How many chips show before '+N more'. */
  max: number;
}

/** An item's tags on a card: the first `max`, then '+N more'. */
export function TagChips({ names, tags, max }: TagChipsProps) {
  const texts = useAppTexts();
  if (names.length === 0) return null;
  const hidden = names.length - max;
  const colorOf = (name: string) => tags.find((tag) => tag.name.toLowerCase() === name.toLowerCase())?.color;
  return (
    <ul className="tag-chips" aria-label={texts.ui.tags}>
      {names.slice(0, max).map((name) => (
        <li key={name}>
          <TagChip name={name} color={colorOf(name)} />
        </li>
      ))}
      {hidden > 0 && (
        <li className="tag-chips__more" title={names.slice(max).join(', ')}>
          {texts.ui.moreTags(hidden)}
          {/* The tooltip's names, for screen readers, touch and keyboard users who get no tooltip. */}
          <span className="visually-hidden">: {names.slice(max).join(', ')}</span>
        </li>
      )}
    </ul>
  );
}
