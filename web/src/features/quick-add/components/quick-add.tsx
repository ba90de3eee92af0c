import { useId, useMemo, useState } from 'react';
import type { Chrono } from 'chrono-node';
import { DEFAULT_TIME_ZONE } from '../../../../../shared/dates';
import type { Goal } from '../../../../../shared/goals.schema';
import type { Language } from '../../../../../shared/languages';
import type { Settings } from '../../../../../shared/settings.schema';
import { MESSAGES } from '../../../../../shared/messages';
import { zonedParts } from '../../../../../shared/zoned-time';
import { repeatSummary } from '../../../components/items/repeat-form';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { currentLanguage } from '../../../i18n/language';
import { useAppTexts } from '../../../i18n/texts';
import { ApiError, localizedError, localizeMessage } from '../../../lib/api';
import { createItem, useItems, useSettings } from '../../../lib/items';
import { formatDay, formatMinutes } from '../../../lib/zoned-dates';
import type * as QuickAddRules from '../lib/parse-quick-add';
import type { GoalRef, QuickAdd as Understood } from '../lib/parse-quick-add';
import './quick-add.css';

/** How quick add reads words: chrono's reader of each language and its own rules, downloaded when quick add is first used. */
interface Reading {
  readers: Record<Language, Pick<Chrono, 'parse'>>;
  rules: typeof QuickAddRules;
}
let reading: Promise<Reading> | null = null;
const loadReading = () =>
  (reading ??= Promise.all([import('chrono-node'), import('../lib/parse-quick-add')]).then(([chrono, rules]) => ({
    readers: { en: chrono.en.casual, es: chrono.es.casual, fr: chrono.fr.casual, de: chrono.de.casual },
    rules,
  })));

/** The person's zone, and a new account's until the settings are read. */
const zoneOf = (settings: Settings | undefined) => settings?.preferred_timezone ?? DEFAULT_TIME_ZONE;
/** The goals a +mark may name: those not completed. */
const openGoals = (goals: readonly Goal[] | undefined): GoalRef[] => (goals ?? []).filter((goal) => goal.status !== 'completed');

interface QuickAddProps {
  /** Where it is typed: the Calendar makes events, elsewhere a task unless the words give a time and a length (a task's length is its estimate). */
  place: 'tasks' | 'events';
  /** Takes the focus when shown (the shortcut's dialog). */
  autoFocus?: boolean;
  onAdded?: () => void;
}

/** One field that turns plain words into a task or an event, showing what it understood before it saves. */
export function QuickAdd({ place, autoFocus = false, onAdded }: QuickAddProps) {
  const texts = useAppTexts();
  const t = texts.quickAdd;
  const showToast = useToast();
  const settings = useSettings();
  const goalList = useItems('goals');
  const timeZone = zoneOf(settings.data);
  const goals = useMemo(() => openGoals(goalList.data), [goalList.data]);
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState<Reading | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [inputId, hintId] = [useId(), useId()];

  const startReading = () => void loadReading().then(setLoaded);
  const read = ({ readers, rules }: Reading, words: string, zone: string, goalRefs: readonly GoalRef[]) => {
    const language = currentLanguage();
    return rules.parseQuickAdd(words, { now: new Date(), timeZone: zone, language, chrono: readers[language], goals: goalRefs });
  };
  const kindOf = (words: Understood) => (place === 'events' || (words.minutes !== null && words.lengthMinutes !== null) ? 'events' : 'tasks');
  const understood = loaded && text.trim() ? read(loaded, text, timeZone, goals) : null;

  /**
   * Reads the words once the reader, the person's zone and goals have arrived (Enter may come
   * before them), never taking the last render's preview, which may predate them.
   */
  async function add() {
    setSaving(true);
    try {
      const [ready, settingsRead, goalsRead] = await Promise.all([loadReading(), settings.data ?? settings.mutate(), goalList.data ?? goalList.mutate()]);
      const zone = zoneOf(settingsRead);
      const words = read(ready, text, zone, openGoals(goalsRead));
      const kind = kindOf(words);
      if (!words.title) {
        setError(localizeMessage(kind === 'tasks' ? MESSAGES.taskTitleRequired : MESSAGES.titleRequired, texts));
        return;
      }
      if (kind === 'tasks') await createItem('tasks', ready.rules.taskOf(words, zone));
      else await createItem('events', ready.rules.eventOf(words, new Date(), zone));
      showToast({ tone: 'success', title: kind === 'tasks' ? texts.tasks.editor.created : texts.calendar.editor.created });
      setText('');
      onAdded?.();
    } catch (failure) {
      // A task's length the server refuses is its estimate's, whose one message is the range.
      const estimateRefused = failure instanceof ApiError && failure.fields.estimate_minutes !== undefined;
      setError(estimateRefused ? texts.tasks.editor.estimateRange : localizedError(failure, texts, '') || texts.ui.tryAgain);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="quick-add"
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void add();
      }}
    >
      <label htmlFor={inputId} className="field__label">
        {t.label}
      </label>
      <div className="quick-add__row">
        <input
          id={inputId}
          className="field__control"
          value={text}
          placeholder={t.placeholder}
          autoComplete="off"
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          data-autofocus={autoFocus || undefined}
          onFocus={startReading}
          onChange={(input) => {
            setText(input.target.value);
            setError(null);
          }}
        />
        <Button type="submit" busy={saving}>
          {t.add}
        </Button>
      </div>
      <p id={hintId} className="quick-add__hint">
        {t.hint}
      </p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {understood && <UnderstoodChips understood={understood} kind={kindOf(understood)} timeZone={timeZone} />}
    </form>
  );
}

/** What the words were read as: kind, day, time and length (a task's estimate), repeat, reminders, priority, tags and a task's goal. */
function UnderstoodChips({ understood, kind, timeZone }: { understood: Understood; kind: 'tasks' | 'events'; timeZone: string }) {
  const texts = useAppTexts();
  const t = texts.quickAdd;
  const { day, minutes, lengthMinutes, rule, reminders, priority, tags, goal } = understood;
  const time = minutes === null ? null : `${formatMinutes(minutes, texts.dates)}${lengthMinutes === null ? '' : ` · ${t.length(lengthMinutes)}`}`;
  const chips = [
    t.kinds[kind],
    day && formatDay(day, texts.dates),
    time,
    kind === 'tasks' && lengthMinutes !== null && texts.tasks.card.estimate(t.length(lengthMinutes)),
    rule && repeatSummary(rule, day ?? zonedParts(new Date(), timeZone).day, texts),
    ...(reminders ?? []).map((offset) => t.reminder(texts.reminders.offset[offset])),
    priority && texts.labels.priority[priority],
    ...tags.map((tag) => `#${tag}`),
    kind === 'tasks' && goal && t.goal(goal.title),
  ].filter((chip): chip is string => Boolean(chip));
  return (
    <ul className="quick-add__chips" aria-label={t.understood} aria-live="polite">
      {chips.map((chip, index) => (
        <li key={index} className="quick-add__chip">
          {chip}
        </li>
      ))}
    </ul>
  );
}
