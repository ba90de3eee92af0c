import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { tagColor, tagSuggestions } from '../../../../shared/tags';
import { uniqueIgnoringCase } from '../../../../shared/text';
import { classNames } from './class-names';
import { TagChip } from './tag-chips';
import './tag-input.css';
import { useAppTexts } from '../../i18n/texts';

export interface TagOption {
  name: string;
  color: string;
}

interface TagInputProps {
  label: string;
  /** The selected tag names. */
  value: readonly string[];
  onChange: (names: string[]) => void;
  /** The user's tags, offered as suggestions. */
  tags: readonly TagOption[];
  /** Creates the tag; answers its name, or null when it could not be created (the caller says why). */
  onCreateTag: (name: string) => Promise<string | null>;
}

type Choice = { kind: 'tag'; name: string } | { kind: 'create'; name: string };

/**
 * Tag names as chips, with an ARIA combobox to add more: suggestions from 3
 * characters, 'Create "x"' when no tag has that exact name, comma commits the typed names, Tab picks
 * the highlighted or first suggestion (and otherwise leaves with the typed name added), Backspace
 * on an empty input removes the last tag, Escape closes the list.
 */
export function TagInput({ label, value, onChange, tags, onCreateTag }: TagInputProps) {
  const texts = useAppTexts();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const [creating, setCreating] = useState(false);

  const { suggestions, offerCreate } = tagSuggestions(
    text,
    tags.map((tag) => tag.name),
    value,
  );
  const choices: Choice[] = [
    ...suggestions.map((name): Choice => ({ kind: 'tag', name })),
    ...(offerCreate ? [{ kind: 'create', name: text.trim() } satisfies Choice] : []),
  ];
  const expanded = open && choices.length > 0;
  const active = expanded && highlight >= 0 ? choices[highlight] : undefined;

  const known = (name: string) => tags.find((tag) => tag.name.toLowerCase() === name.toLowerCase());

  /**
   * Adds typed names, each in the user's own spelling of an existing tag. A name no tag has yet
   * (typed before a comma, Enter or leaving the field) is made a tag too, so it is suggested next
   * time; a name picked from 'Create' was made already.
   */
  function add(names: readonly string[], { made = false } = {}) {
    const fresh = uniqueIgnoringCase(
      names
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => known(name)?.name ?? name),
    );
    const added = fresh.filter((name) => !value.some((selected) => selected.toLowerCase() === name.toLowerCase()));
    if (added.length === 0) return;
    onChange([...value, ...added]);
    if (!made) for (const name of added.filter((name) => !known(name))) void onCreateTag(name);
  }

  function reset() {
    setText('');
    setHighlight(-1);
  }

  async function choose(choice: Choice) {
    if (choice.kind === 'tag') {
      add([choice.name]);
      reset();
    } else {
      setCreating(true);
      try {
        const created = await onCreateTag(choice.name);
        if (created) {
          add([created], { made: true });
          reset();
        }
      } finally {
        setCreating(false);
      }
    }
    input.current?.focus();
  }

  function typed(next: string) {
    // A comma commits everything before it; what follows stays in the input.
    const parts = next.split(',');
    const rest = parts.pop() ?? '';
    if (parts.length > 0) add(parts);
    setText(rest);
    setOpen(true);
    setHighlight(-1);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (choices.length === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setOpen(true);
        setHighlight((current) => (current < 0 ? (step > 0 ? 0 : choices.length - 1) : (current + step + choices.length) % choices.length));
        return;
      }
      case 'Tab': {
        const pick = active ?? (expanded ? choices.find((choice) => choice.kind === 'tag') : undefined);
        if (!pick || event.shiftKey) return;
        event.preventDefault();
        void choose(pick);
        return;
      }
      case 'Enter': {
        // Never submits the surrounding form: Enter picks the highlighted choice or commits the text.
        if (active) {
          event.preventDefault();
          void choose(active);
        } else if (text.trim()) {
          event.preventDefault();
          add([text]);
          reset();
        }
        return;
      }
      case 'Escape':
        // Closes the list only; a second Escape reaches the editor around it.
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setHighlight(-1);
        }
        return;
      case 'Backspace':
        if (text === '' && value.length > 0) {
          event.preventDefault();
          onChange(value.slice(0, -1));
        }
        return;
    }
  }

  const colorOf = (name: string) => tags.find((tag) => tag.name.toLowerCase() === name.toLowerCase())?.color;

  return (
    <div className="field tag-input">
      <label className="field__label" htmlFor={id}>
        {label}
        <span className="field__optional"> {texts.common.optional}</span>
      </label>
      <div className="tag-input__anchor">
        <div className="tag-input__box" onClick={() => input.current?.focus()}>
          {value.length > 0 && (
            <ul className="tag-input__chips" aria-label={texts.ui.selectedTags(label)}>
              {value.map((name) => (
                <li key={name}>
                  <TagChip name={name} color={colorOf(name)} onRemove={() => onChange(value.filter((selected) => selected !== name))} />
                </li>
              ))}
            </ul>
          )}
          <input
            ref={input}
            id={id}
            className="tag-input__input"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={active ? `${id}-option-${highlight}` : undefined}
            aria-describedby={`${id}-hint`}
            aria-busy={creating || undefined}
            value={text}
            onChange={(event) => typed(event.target.value)}
            onKeyDown={keyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              // Leaving the field (Tab, a click on Save) keeps what was typed rather than dropping it.
              setOpen(false);
              if (text.trim() && !creating) {
                add([text]);
                reset();
              }
            }}
          />
        </div>
        <ul id={listId} role="listbox" aria-label={texts.ui.tagSuggestions(label)} className="tag-input__list" hidden={!expanded}>
          {expanded &&
            choices.map((choice, index) => (
              <li
                key={`${choice.kind}:${choice.name}`}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === highlight}
                className={classNames('tag-input__option', index === highlight && 'tag-input__option--active')}
                // Keeps the focus in the input, so the list does not close before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void choose(choice)}
              >
                {choice.kind === 'create' ? (
                  texts.ui.createTag(choice.name)
                ) : (
                  <>
                    <span className="tag-input__swatch" style={{ background: tagColor(colorOf(choice.name)) }} aria-hidden="true" />
                    {choice.name}
                  </>
                )}
              </li>
            ))}
        </ul>
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        {texts.ui.tagHint}
      </p>
    </div>
  );
}
