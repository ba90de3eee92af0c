import { mutate } from 'swr';
import { AGENT_EVENTS } from '../../../../../shared/constants';
import type { ITEM_SCHEMAS } from '../../../../../shared/item-kinds.schema';
import { ENTITY_OF_KIND, ITEM_KINDS, type Entity, type ItemKind } from '../../../../../shared/item-kinds';
import { toolMeaning } from '../../../../../shared/assistant-tools';
import { itemIdOfToolCall, type AgentActionType } from '../../../../../shared/tool-calls';
import type { ToolCall } from '../../../../../shared/tool-calls.schema';
import { reportAssistantTouched, standInId } from '../../../lib/assistant-activity';
import { listCacheKey, readListAgain } from '../../../lib/read-paths';

type Item = { id: string } & Record<string, unknown>;

/** How a list in the SWR cache is changed and refetched, and how a touched item is announced (swapped in tests). */
export interface ListCache {
  change(kind: ItemKind, update: (items: Item[]) => Item[]): void;
  refetch(kind: ItemKind): void;
  touched(entity: Entity, id: string): void;
}

export const swrListCache: ListCache = {
  change: (kind, update) => void mutate(listCacheKey(kind), (items: Item[] | undefined) => items && update(items), { revalidate: false }),
  refetch: readListAgain,
  touched: reportAssistantTouched,
};

/** Where a call stands in the screens: seen pending, shown optimistically, or done with. */
type Phase = 'pending' | 'optimistic' | 'settled';

/** The change a tool call makes itself, when it makes one to a kind of item (a batch: to several); a list, a read or a plan makes none. */
export function toolChange(call: Pick<ToolCall, 'tool_name'>): { type: AgentActionType; kind: ItemKind; entity: Entity } | null {
  const meaning = toolMeaning(call.tool_name);
  return meaning?.does === 'change' ? { type: meaning.action, kind: meaning.kind, entity: ENTITY_OF_KIND[meaning.kind] } : null;
}

/**
 * The lists a finished call changed without being a change of its own: an answer saves a plan's
 * accepted blocks (events) or moves held to the trash (of any kind, tags too), so every list is
 * read again (a plan itself saves nothing, so changes no list).
 */
const answeredKinds = (call: Pick<ToolCall, 'tool_name'>): readonly ItemKind[] => (toolMeaning(call.tool_name)?.does === 'answer' ? ITEM_KINDS : []);

let itemSchemas: Promise<typeof ITEM_SCHEMAS> | undefined;

/** The item schemas a stand-in is read with; they (and zod with them) load with the first pending call, not with the page. */
export function loadItemSchemas(): Promise<typeof ITEM_SCHEMAS> {
  itemSchemas ??= import('../../../../../shared/item-kinds.schema').then((module) => module.ITEM_SCHEMAS);
  return itemSchemas;
}

/**
 * Shows the assistant's tool calls in the lists as they happen:
 * a call still pending AGENT_EVENTS.optimisticDelayMs after it was first seen changes the cached list
 * at once (a stand-in for a create, unless the list already holds the item it made; the fields for
 * an update; gone for a delete); success with a result puts the real item in its place, highlights
 * it and refetches the list; an error refetches it, which undoes the guess; success without a
 * result is warned about and ignored; a call already undone when it is first seen finished only
 * refetches; a finished answer to a plan or to moves held refetches every list. The calls
 * already finished when the page first sees the list are history, not news.
 * Each call's phase is remembered until the list has moved past it, so no step is taken twice,
 * whatever the list's length.
 */
export function createToolCallReflector(cache: ListCache = swrListCache) {
  const phases = new Map<string, Phase>();
  const latest = new Map<string, ToolCall>();
  /** The calls already finished when the page first saw the list. */
  const history = new Set<string>();
  let baselineTaken = false;

  /**
   * Forgets the settled calls a list has moved past: not in it, and older than its newest call, so
   * they cannot come back into it (an Undo brings one back undone, which only refetches). Memory
   * then stays the size of the list, and a call the list still shows is never settled twice.
   */
  function forgetPassed(calls: readonly ToolCall[]) {
    const listed = new Set(calls.map((call) => call.id));
    const newest = calls.reduce((max, call) => (call.created_at > max ? call.created_at : max), '');
    for (const [id, phase] of phases) {
      const known = latest.get(id);
      if (phase !== 'settled' || listed.has(id) || !known || known.created_at > newest) continue;
      phases.delete(id);
      latest.delete(id);
    }
  }

  function showOptimistic(call: ToolCall, schemasByKind: typeof ITEM_SCHEMAS) {
    const change = toolChange(call);
    if (!change) return;
    const schemas = schemasByKind[change.kind];
    const { id, ...fields } = call.tool_args;
    if (change.type === 'create') {
      const parsed = schemas.create.safeParse(call.tool_args);
      if (!parsed.success) return;
      const standIn: Item = { ...parsed.data, id: standInId(call.id), created_at: call.created_at, updated_at: call.created_at, deleted_at: null };
      // The list's own read may bring the saved item before the call's result: then it needs no stand-in.
      const made = itemIdOfToolCall(call.id);
      cache.change(change.kind, (items) => (items.some((item) => item.id === made) ? items : [standIn, ...items]));
      cache.touched(change.entity, standIn.id);
    } else if (change.type === 'update') {
      const parsed = schemas.update.safeParse(fields);
      if (!parsed.success) return;
      cache.change(change.kind, (items) => items.map((item) => (item.id === id ? { ...item, ...parsed.data } : item)));
    } else {
      cache.change(change.kind, (items) => items.filter((item) => item.id !== id));
    }
    phases.set(call.id, 'optimistic');
  }

  function settle(call: ToolCall) {
    phases.set(call.id, 'settled');
    const change = toolChange(call);
    if (!change) {
      for (const kind of answeredKinds(call)) cache.refetch(kind);
      return;
    }
    if (call.status === 'error' || call.undone_at) {
      cache.refetch(change.kind);
      return;
    }
    const result = call.result;
    if (!result || !('action' in result)) {
      console.warn(`Tool call ${call.id} (${call.tool_name}) succeeded without a result; ignored`);
      return;
    }
    const changed = ('items' in result ? result.items : [result.item]) as Item[];
    // Moves to the trash that wait for the person's confirmation have not happened: the list as it is comes back.
    if (change.type === 'delete' && !result.awaiting_confirmation) {
      const gone = new Set(changed.map((item) => item.id));
      cache.change(change.kind, (items) => items.filter((entry) => !gone.has(entry.id)));
    } else if (change.type !== 'delete') {
      for (const item of changed) {
        const standIn = standInId(call.id);
        cache.change(change.kind, (items) => {
          const rest = items.filter((entry) => entry.id !== standIn && entry.id !== item.id);
          const at = items.findIndex((entry) => entry.id === standIn || entry.id === item.id);
          return at < 0 ? [item, ...rest] : [...rest.slice(0, at), item, ...rest.slice(at)];
        });
        cache.touched(change.entity, item.id);
      }
    }
    cache.refetch(change.kind);
  }

  /** Takes in what is known of one call, from the list poll or from waiting on its result. */
  function reflect(call: ToolCall) {
    latest.set(call.id, call);
    const phase = phases.get(call.id);
    if (phase === 'settled') return;
    if (call.status !== 'pending') {
      settle(call);
      return;
    }
    if (phase) return;
    phases.set(call.id, 'pending');
    const schemas = loadItemSchemas();
    setTimeout(() => {
      void schemas.then((schemasByKind) => {
        const now = latest.get(call.id);
        if (now?.status === 'pending' && phases.get(call.id) === 'pending') showOptimistic(now, schemasByKind);
      });
    }, AGENT_EVENTS.optimisticDelayMs);
  }

  return {
    reflect,
    /** Takes in a polled list (newest first); the first list's finished calls are only remembered. */
    reflectList(calls: readonly ToolCall[]) {
      const ordered = [...calls].reverse();
      if (!baselineTaken) {
        baselineTaken = true;
        for (const call of ordered) {
          if (call.status === 'pending' || phases.has(call.id)) continue;
          history.add(call.id);
          phases.set(call.id, 'settled');
        }
      }
      for (const call of ordered) reflect(call);
      forgetPassed(calls);
    },
    isHistory: (id: string) => history.has(id),
  };
}
