import { useState } from 'react';
import type { ChangeLine, ChangeSet } from '../../../../../shared/change-sets.schema';
import { zonedParts } from '../../../../../shared/zoned-time';
import { Button } from '../../../components/ui/button';
import { classNames } from '../../../components/ui/class-names';
import { useToast } from '../../../components/ui/toast';
import { useAppTexts } from '../../../i18n/texts';
import { ApiError, localizedError, localizeMessage } from '../../../lib/api';
import { useTimeZone } from '../../../lib/items';
import { formatDayAs, formatMinutes } from '../../../lib/zoned-dates';
import { confirmChangeSet, undoChangeSet, undoLines, useChangeSet } from '../api/change-sets';
import { useVoice } from './voice-provider';

/**
 * "What the assistant did": today's change sets, newest first, each one turn of the conversation.
 * The newest shows its lines as they come (created, changed with its fields before and after, moved
 * to the trash, failed and why), each with its own Undo, and "Undo all"; the earlier ones fold away.
 * A set that would move more than 3 items to the trash asks first; when the agent deleted one item
 * at a time, the first 3 went before it had to ask, and the question names them, with their Undo,
 * apart from the ones that wait. The caller reads which set is the turn's (`liveId`) and today's
 * sets, to know whether there is anything to show.
 */
export function ChangeSets({ liveId, sets }: { liveId: string | null; sets: readonly ChangeSet[] | undefined }) {
  const { state, tell } = useVoice();
  const { data: live } = useChangeSet(liveId, state.phase === 'active' || state.phase === 'starting');
  const t = useAppTexts().voice.changeSets;
  const latest = live ?? sets?.[0];
  if (!latest) return null;
  const earlier = sets?.filter((set) => set.id !== latest.id) ?? [];
  return (
    // It scrolls when the day has been busy, so it takes focus for the keyboard to scroll it.
    <section className="change-sets" aria-label={t.title} tabIndex={0}>
      <h3 className="change-sets__title">{t.title}</h3>
      <ChangeSetCard set={latest} tell={tell} />
      {earlier.length > 0 && (
        <details className="change-sets__earlier">
          <summary>{t.earlier}</summary>
          {earlier.map((set) => (
            <ChangeSetCard key={set.id} set={set} tell={tell} />
          ))}
        </details>
      )}
    </section>
  );
}

type Texts = ReturnType<typeof useAppTexts>;

const lineKey = (line: Pick<ChangeLine, 'tool_call_id' | 'index'>) => `${line.tool_call_id}/${line.index}`;

function ChangeSetCard({ set, tell }: { set: ChangeSet; tell: (text: string) => void }) {
  const texts = useAppTexts();
  const t = texts.voice.changeSets;
  const timeZone = useTimeZone();
  const showToast = useToast();
  const [busy, setBusy] = useState(false);
  /** Why lines could not be undone, from the last "Undo all" refused. */
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({});
  const time = formatMinutes(zonedParts(set.created_at, timeZone).minutes, texts.dates);
  const held = set.lines.filter((line) => line.status === 'held');
  /** The turn's moves to the trash made before it had to ask (the agent's deletes came one at a time). */
  const movedBeforeAsking = held.length > 0 ? set.lines.filter((line) => line.action === 'delete' && line.status === 'applied') : [];
  const undoable = set.lines.some((line) => line.status === 'applied');

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && Object.keys(error.fields).length > 0) {
        setProblems(Object.fromEntries(Object.entries(error.fields).map(([key, reason]) => [key, localizeMessage(reason, texts)])));
        showToast({ tone: 'error', title: t.undoAllFailed, description: t.undoAllFailedWhy });
      } else {
        showToast({ tone: 'error', title: texts.voiceErrors.undoFailed, description: localizedError(error, texts, '') || undefined });
      }
    } finally {
      setBusy(false);
    }
  }

  async function answer(apply: boolean) {
    await run(async () => {
      await confirmChangeSet(set.id, apply);
      // The agent was told it is waiting: now it hears the answer, if the call still runs.
      tell(apply ? `The person confirmed on screen: ${held.length} moved to the trash.` : 'The person cancelled on screen: nothing was deleted.');
    });
  }

  return (
    <article className="change-set" aria-label={`${time} · ${t.changes(set.lines.length)}`}>
      <header className="change-set__header">
        <span className="change-set__time">{time}</span>
        {undoable && (
          <Button
            variant="secondary"
            busy={busy}
            aria-label={t.undoAllLabel(time)}
            onClick={() => void run(() => undoChangeSet(set.id).then(() => setProblems({})))}
          >
            {t.undoAll}
          </Button>
        )}
      </header>
      {held.length > 0 && (
        <div className="change-set__confirm" role="alert">
          {movedBeforeAsking.length > 0 && (
            <>
              <LineGroup title={t.alreadyMoved} lines={movedBeforeAsking} texts={texts} />
              <Button variant="secondary" disabled={busy} aria-label={t.undoMoved} onClick={() => void run(() => undoLines(set.id, movedBeforeAsking))}>
                {t.undo}
              </Button>
              <LineGroup title={t.waitingForYes} lines={held} texts={texts} />
            </>
          )}
          <p>{confirmQuestion(held, texts)}</p>
          <Button busy={busy} onClick={() => void answer(true)}>
            {held.every((line) => line.entity === 'tag') ? t.deleteTags : t.moveToTrash}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void answer(false)}>
            {t.cancel}
          </Button>
        </div>
      )}
      <ul className="change-set__lines">
        {set.lines.map((line) => (
          <li key={lineKey(line)} className={classNames('change-line', `change-line--${line.status}`)}>
            <LineText line={line} texts={texts} timeZone={timeZone} problem={problems[lineKey(line)]} />
            {line.status === 'applied' && (
              <Button variant="ghost" disabled={busy} aria-label={t.undoLine(lineTitle(line, texts))} onClick={() => void run(() => undoLines(set.id, [line]))}>
                {t.undo}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** A heading and the items of its lines ("task “Milk”"), beside the held moves' question. */
function LineGroup({ title, lines, texts }: { title: string; lines: readonly ChangeLine[]; texts: Texts }) {
  return (
    <section className="change-set__group" aria-label={title}>
      <h4 className="change-set__group-title">{title}</h4>
      <ul>
        {lines.map((line) => (
          <li key={lineKey(line)}>{lineItem(line, texts)}</li>
        ))}
      </ul>
    </section>
  );
}

function LineText({ line, texts, timeZone, problem }: { line: ChangeLine; texts: Texts; timeZone: string; problem?: string }) {
  const t = texts.voice.changeSets;
  const status = line.status === 'applied' ? null : t.status[line.status];
  return (
    <div className="change-line__text">
      <p>
        {lineTitle(line, texts)}
        {line.said && <span className="change-line__said"> · {line.said}</span>}
      </p>
      {line.fields.map(({ field, before, after }) => (
        <p key={field} className="change-line__field">
          {t.field(t.fields[field] ?? field, shownValue(before, texts, timeZone), shownValue(after, texts, timeZone))}
        </p>
      ))}
      {(status || line.reason || problem) && (
        <p className="change-line__status">{[status, line.reason && localizeMessage(line.reason, texts), problem].filter(Boolean).join(' · ')}</p>
      )}
    </div>
  );
}

/**
 * What a line did ("Created task “Milk”"), or, when it did not happen (failed, waiting for the
 * person's yes, or refused it), what it asked for ("Create task “Milk”"): a line never claims a
 * change that was not made.
 */
function lineTitle(line: ChangeLine, texts: Texts): string {
  const t = texts.voice.changeSets;
  const done = line.status === 'applied' || line.status === 'undone';
  const phrases = done ? t.line : t.asked;
  const item = lineItem(line, texts);
  return line.action === 'delete' && line.entity === 'tag' ? phrases.deleteTag(item) : phrases[line.action](item);
}

/** The item a line is about: "task “Milk”", or "task" when it has no title. */
function lineItem(line: ChangeLine, texts: Texts): string {
  const entity = texts.voice.tools.entities[line.entity];
  return line.title ? texts.voice.changeSets.named(entity, line.title) : entity;
}

/** "Move 5 tasks to the trash?", "Delete 2 tags for good?": the held lines, by kind. */
function confirmQuestion(held: readonly ChangeLine[], texts: Texts): string {
  const t = texts.voice.changeSets;
  if (held.every((line) => line.entity === 'tag')) return t.confirmTags(held.length);
  const entity = held[0]!.entity;
  const same = held.every((line) => line.entity === entity);
  const what = !same ? t.items : held.length === 1 ? texts.voice.tools.entities[entity] : t.plural[entity];
  return t.confirmTrash(held.length, what);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A field's value as a person reads it: a time in their zone and language, a list joined, nothing as "none". */
function shownValue(value: unknown, texts: Texts, timeZone: string): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return texts.voice.changeSets.empty;
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) {
    const { day, minutes } = zonedParts(value, timeZone);
    return `${formatDayAs(day, texts.dates.day, texts.dates)} ${formatMinutes(minutes, texts.dates)}`;
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return '…';
  return localizeMessage(String(value), texts);
}
