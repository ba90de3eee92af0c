import { TAG_SUGGESTIONS } from './constants';

/** The tag palette: ten colours, purple first and the default; unknown colours fall back to it. */
export const TAG_PALETTE = [
  { name: 'purple', hex: '#8B5CF6' },
  { name: 'blue', hex: '#3B82F6' },
  { name: 'green', hex: '#10B981' },
  { name: 'yellow', hex: '#F59E0B' },
  { name: 'red', hex: '#EF4444' },
  { name: 'pink', hex: '#EC4899' },
  { name: 'indigo', hex: '#6366F1' },
  { name: 'teal', hex: '#14B8A6' },
  { name: 'orange', hex: '#F97316' },
  { name: 'gray', hex: '#6B7280' },
] as const;
export const DEFAULT_TAG_COLOR = TAG_PALETTE[0].hex;

/** A palette colour by hex (any case) or name; anything else is the default purple. */
export function tagColor(color: string | null | undefined): string {
  const wanted = (color ?? '').trim().toLowerCase();
  const match = TAG_PALETTE.find((entry) => entry.hex.toLowerCase() === wanted || entry.name === wanted);
  return match ? match.hex : DEFAULT_TAG_COLOR;
}

/**
 * Tag-input suggestions: from 3 typed characters, case-insensitive substring, selected ones
 * excluded, at most 10; 'Create' is offered only when no tag matches the text exactly.
 */
export function tagSuggestions(
  typed: string,
  all: readonly string[],
  selected: readonly string[],
  limits: { minChars: number; max: number } = TAG_SUGGESTIONS,
): { suggestions: string[]; offerCreate: boolean } {
  const text = typed.trim().toLowerCase();
  if (text.length < limits.minChars) return { suggestions: [], offerCreate: false };
  const chosen = new Set(selected.map((name) => name.toLowerCase()));
  const suggestions = all.filter((name) => name.toLowerCase().includes(text) && !chosen.has(name.toLowerCase())).slice(0, limits.max);
  const offerCreate = !all.some((name) => name.toLowerCase() === text);
  return { suggestions, offerCreate };
}
