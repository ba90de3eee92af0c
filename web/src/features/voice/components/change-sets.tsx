import { useId, useState } from 'react';
import { reasonInWords } from '../../../../../shared/planning-texts';
import type { ChangeLine, ChangeSet } from '../../../../../shared/change-sets.schema';
import { zonedParts } from '../../../../../shared/zoned-time';
import { Button } from '../../../components/ui/button';
import { classNames } from '../../../components/ui/class-names';
import { useToast } from '../../../components/ui/toast';
import { useAppTexts } from '../../../i18n/texts';
import { ApiError, localizedError, localizeMessage } from '../../../lib/api';
import { useTimeZone } from '../../../lib/items';
import { formatDayAs, formatMinutes, formatTime } from '../../../lib/zoned-dates';
import { readListAgain } from '../../../lib/read-paths';
import { useLanguage } from '../../../i18n/language';
import { changeLineKey } from '../../../../../shared/change-sets';
import { confirmChangeSet, isButtonPlan, undoChangeSet, undoLines, useChangeSet } from '../api/change-sets';
import { answerToldToAgent } from '../api/change-set-answers';
import { useVoice } from './voice-provider';
import './proposal.css';

/**
 * "What the assistant did": today's change sets, newest first, each one turn of the conversation.
 * The newest shows its lines as they come (created, changed with its fields before and after, moved
 * to the trash, failed and why), each with its own Undo, and "Undo all"; the earlier ones fold away.
 * A set that would move more than 3 items to the trash asks first; when the agent deleted one item
 * at a time, the first 3 went before it had to ask, and the question names them, with their Undo,
 * apart from the ones that wait. A plan's blocks show as the plan's proposal (accepted all, some or
 * none by click as by voice). The caller reads which set is the turn's (`liveId`) and today's
 * sets, to know whether there is anything to show.
 */
export function ChangeSets({ liveId, sets }: { liveId: string | null; sets: readonly ChangeSet[] | undefined }) {
  const { state, tell } = useVoice();
  const { data: live } = useChangeSet(liveId, state.phase === 'active' || state.phase === 'starting');
  const t = useAppTexts().voice.changeSets;
  const assistants = sets?.filter((set) => !isButtonPlan(set)) ?? [];
  const latest = live ?? assistants[0];
  if (!latest) return null;
  const earlier = assistants.filter((set) => set.id !== latest.id);
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
  /** A plan's lines: its proposal view answers them and has their Undo all; the turn's other changes list below it. */
  const planned = set.lines.filter((line) => line.proposal);
  /** A plan that placed nothing still shows, for its tasks that found no room. */
  const isPlan = planned.length > 0 || (set.unplaced?.length ?? 0) > 0;
  const others = planned.length > 0 ? set.lines.filter((line) => !line.proposal) : set.lines;
  const undoable = planned.length === 0 && set.lines.some((line) => line.status === 'applied');

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

  /** Answers the moves to the trash only: a plan of the same turn keeps waiting for its own answer. */
  async function answer(apply: boolean) {
    const keys = held.map(changeLineKey);
    await run(async () => {
      const answered = await confirmChangeSet(set.id, apply, keys);
      // The agent was told it is waiting: now it hears the answer, if the call still runs.
      tell(answerToldToAgent(answered, keys, 'moves to the trash'));
    });
  }

  return (
    <article className="change-set" aria-label={[time, set.made_by && t.madeBy(set.made_by), t.changes(set.lines.length)].filter(Boolean).join(' · ')}>
      <header className="change-set__header">
        {/* An outside assistant's set (through the MCP server) names the access token it used. */}
        <span className="change-set__time">{set.made_by ? `${time} · ${t.madeBy(set.made_by)}` : time}</span>
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
      {isPlan && <ProposalView set={set} tell={tell} />}
      {others.length > 0 && (
        <ul className="change-set__lines">
          {others.map((line) => (
            <li key={changeLineKey(line)} className={classNames('change-line', `change-line--${line.status}`)}>
              <LineText line={line} texts={texts} timeZone={timeZone} problem={problems[changeLineKey(line)]} />
              {line.status === 'applied' && (
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-label={t.undoLine(lineTitle(line, texts))}
                  onClick={() => void run(() => undoLines(set.id, [line]))}
                >
                  {t.undo}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
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
          <li key={changeLineKey(line)}>{lineItem(line, texts)}</li>
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

interface ProposalViewProps {
  set: ChangeSet;
  /** Tells the agent of a conversation still under way what the person answered on screen. */
  tell?: (text: string) => void;
  /** After the person answered (the page keeps the plan shown, for its Undo all). */
  onAnswered?: () => void;
  onClose?: () => void;
}

/**
 * A plan: each proposed block with its time and why it sits there, a checkbox each (all checked),
 * Accept (the checked ones) and Cancel (none), and the tasks that found no room, with why. Once
 * answered: what was saved, what was not and why, and Undo all. The page's panel and the
 * assistant's panel both show it.
 */
export function ProposalView({ set, tell, onAnswered, onClose }: ProposalViewProps) {
  const texts = useAppTexts();
  const t = texts.planning;
  const language = useLanguage();
  const timeZone = useTimeZone();
  const headingId = useId();
  const lines = set.lines.filter((line): line is PlanLine => Boolean(line.proposal));
  const waiting = lines.filter((line) => line.status === 'proposed');
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checked = waiting.filter((line) => !unchecked.has(changeLineKey(line)));
  const applied = lines.filter((line) => line.status === 'applied');

  const reason = (line: PlanLine) => reasonInWords(line.proposal.reason, language, timeZone);
  const when = (line: PlanLine) => blockTime(line.proposal, timeZone, texts);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(localizedError(failure, texts, t.answerFailed));
    } finally {
      setBusy(false);
    }
  }

  /** Answers the plan's blocks only, always naming them: moves to the trash of the same turn keep waiting for their own answer. */
  const answer = (accept: boolean) =>
    run(async () => {
      const answered = await confirmChangeSet(set.id, accept, (accept ? checked : waiting).map(changeLineKey));
      // The saved blocks show as events at once, without waiting for the change notice.
      if (accept) readListAgain('events');
      onAnswered?.();
      tell?.(answerToldToAgent(answered, waiting.map(changeLineKey), 'plan'));
    });

  /** Undoes the plan's saved blocks only, all or none, not the turn's other changes. */
  const undoAll = () =>
    run(async () => {
      await undoChangeSet(set.id, applied.map(changeLineKey));
      readListAgain('events');
    });

  function toggle(key: string) {
    setUnchecked((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  return (
    <section className="proposal" aria-labelledby={headingId}>
      <h3 id={headingId} className="proposal__title">
        {waiting.length > 0 ? t.title : applied.length > 0 ? t.saved : lines.some((line) => line.status === 'undone') ? t.status.undone : t.declined}
      </h3>
      {waiting.length > 0 ? (
        <ul className="proposal__blocks">
          {waiting.map((line) => (
            <li key={changeLineKey(line)}>
              <label className="proposal__block">
                <input type="checkbox" checked={!unchecked.has(changeLineKey(line))} disabled={busy} onChange={() => toggle(changeLineKey(line))} />
                <span>
                  <span className="proposal__block-title">{line.title}</span>
                  <span className="proposal__when">{when(line)}</span>
                  <span className="proposal__reason">{reason(line)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        lines.length > 0 && (
          <ul className="proposal__blocks">
            {lines.map((line) => (
              <li key={changeLineKey(line)} className={classNames('proposal__answered', `proposal__answered--${line.status}`)}>
                <span className="proposal__block-title">{line.title}</span>
                <span className="proposal__when">{when(line)}</span>
                {(line.status === 'failed' || line.status === 'declined' || line.status === 'undone') && (
                  <span className="proposal__reason">
                    {[t.status[line.status], line.reason && localizeMessage(line.reason, texts)].filter(Boolean).join(' · ')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )
      )}
      {set.unplaced && set.unplaced.length > 0 && (
        <div className="proposal__unplaced">
          <h4 className="proposal__subtitle">{t.noRoom}</h4>
          <ul>
            {/* A task or a repeating series may be named more than once: its place in the list is the key. */}
            {set.unplaced.map((task, place) => (
              <li key={place}>
                <span className="proposal__block-title">{task.title}</span>{' '}
                <span className="proposal__reason">{reasonInWords(task.reason, language, timeZone)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className="proposal__error" role="alert">
          {error}
        </p>
      )}
      <div className="proposal__actions">
        {waiting.length > 0 && (
          <>
            <Button busy={busy} disabled={checked.length === 0} onClick={() => void answer(true)}>
              {t.accept}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => void answer(false)}>
              {t.cancel}
            </Button>
          </>
        )}
        {applied.length > 0 && (
          <Button variant="secondary" busy={busy} onClick={() => void undoAll()}>
            {t.undoAll}
          </Button>
        )}
        {waiting.length === 0 && onClose && (
          <Button variant="ghost" onClick={onClose}>
            {texts.common.close}
          </Button>
        )}
      </div>
    </section>
  );
}

type PlanLine = ChangeLine & { proposal: NonNullable<ChangeLine['proposal']> };

/** A block's time in the person's zone and language: "Dec 7, 2026, 9:00 AM – 10:00 AM". */
function blockTime({ start_time, end_time }: { start_time: string; end_time: string }, timeZone: string, texts: Texts): string {
  const { day } = zonedParts(start_time, timeZone);
  return `${formatDayAs(day, texts.dates.day, texts.dates)}, ${formatTime(start_time, timeZone, texts.dates)} – ${formatTime(end_time, timeZone, texts.dates)}`;
}
