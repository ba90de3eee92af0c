import { AGENT_EVENTS, DASHBOARD } from '../../../shared/constants';
import type { Entity } from '../../../shared/item-kinds';
import { kindOfEntity } from '../../../shared/tool-calls';
import './assistant-activity.css';
import { useAppTexts } from '../i18n/texts';
import { observable, useObservable } from './observable';

/**
 * What the voice assistant is doing to the user's items, for every page to show: the items it just
 * touched (highlighted DASHBOARD.highlightMs), the entities it just changed (their dashboard chip
 * flashes as long), the entities it is working on (the "AI assistant is updating ..." banners) and
 * the stand-ins for items it is still creating.
 * The voice feature reports; pages read through the hooks. A small store outside React, so a page
 * that mounts after the change still sees it.
 */

interface Activity {
  /** `${entity}:${id}` of recently touched items. */
  touched: ReadonlySet<string>;
  flashing: ReadonlySet<Entity>;
  processing: ReadonlySet<Entity>;
}

const activity = observable<Activity>({ touched: new Set(), flashing: new Set(), processing: new Set() });
let processingClear: ReturnType<typeof setTimeout> | undefined;

function update(change: Partial<Activity>) {
  activity.set({ ...activity.get(), ...change });
}

function withAdded<T>(set: ReadonlySet<T>, value: T): Set<T> {
  return new Set(set).add(value);
}

function without<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  next.delete(value);
  return next;
}

const STAND_IN_PREFIX = 'pending-';

/** The id of the stand-in shown for an item the assistant is still creating (features/voice/lib/reflect-tool-calls.ts). */
export const standInId = (toolCallId: string) => `${STAND_IN_PREFIX}${toolCallId}`;

/** Whether an item on screen is such a stand-in: not saved yet, so it can be neither opened nor changed. */
export const isStandIn = (id: string) => id.startsWith(STAND_IN_PREFIX);

const touchKey = (entity: Entity, id: string) => `${entity}:${id}`;
/** One timer per lit item and per flashing entity: a second touch restarts it. */
const dimmers = new Map<string, ReturnType<typeof setTimeout>>();

function lightFor(key: string, light: () => void, dim: () => void) {
  clearTimeout(dimmers.get(key));
  light();
  dimmers.set(
    key,
    setTimeout(() => {
      dimmers.delete(key);
      dim();
    }, DASHBOARD.highlightMs),
  );
}

/** The assistant created or changed this item: it highlights, and its entity's chip flashes. */
export function reportAssistantTouched(entity: Entity, id: string): void {
  const key = touchKey(entity, id);
  lightFor(
    key,
    () => update({ touched: withAdded(activity.get().touched, key) }),
    () => update({ touched: without(activity.get().touched, key) }),
  );
  lightFor(
    entity,
    () => update({ flashing: withAdded(activity.get().flashing, entity) }),
    () => update({ flashing: without(activity.get().flashing, entity) }),
  );
}

/**
 * The entities of the calls still pending. The flag goes up at once and comes down
 * AGENT_EVENTS.processingFlagMs after the last call finished, so a quick run of calls reads as one.
 */
export function reportAssistantProcessing(entities: ReadonlySet<Entity>): void {
  clearTimeout(processingClear);
  if (entities.size > 0) {
    update({ processing: entities });
    return;
  }
  processingClear = setTimeout(() => update({ processing: new Set() }), AGENT_EVENTS.processingFlagMs);
}

/** For lists and strips: the class of each item the assistant just touched, and of each entity it just changed. */
export function useAssistantMarks() {
  const { touched, flashing } = useObservable(activity);
  return {
    highlight: (entity: Entity, id: string) => (touched.has(touchKey(entity, id)) ? 'assistant-highlight' : undefined),
    flash: (entity: Entity) => (flashing.has(entity) ? 'assistant-flash' : undefined),
  };
}

/** The class that highlights an item the assistant just touched (one per card: `useAssistantHighlight('task', task.id)`). */
export function useAssistantHighlight(entity: Entity, id: string): string | undefined {
  return useAssistantMarks().highlight(entity, id);
}

/**
 * The banner text while the assistant works on any of `entities`: 'AI assistant is updating tasks...'
 * for one of them, '... data...' for several; null when it is not at work on them.
 */
export function useAssistantBanner(entities: readonly Entity[]): string | null {
  const { processing } = useObservable(activity);
  const busy = entities.filter((entity) => processing.has(entity));
  const updating = useAppTexts().voice.assistantUpdating;
  if (busy.length === 0) return null;
  return updating[busy.length === 1 ? kindOfEntity(busy[0]!)! : 'data'];
}
