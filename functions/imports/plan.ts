import type { z } from 'zod';
import { EventCreateFieldsSchema } from '../../shared/calendar-events.schema';
import { GoalCreateFieldsSchema } from '../../shared/goals.schema';
import { hashedUuid } from '../../shared/hashed-uuid';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportFormat, type NoteKind, type ProjectTarget, type SkipReason } from '../../shared/imports';
import type { ImportCounts, ImportNote, SkippedRow } from '../../shared/imports.schema';
import { isOrderable, type ItemKind } from '../../shared/item-kinds';
import { TagCreateFieldsSchema } from '../../shared/tags.schema';
import { TaskCreateFieldsSchema } from '../../shared/tasks.schema';
import { API_LIMITS } from '../../shared/constants';
import { badRequest } from './refusals';

/**
 * Text as a source wrote it, made fit to keep: its line breaks as `\n`, other control characters
 * (which no field takes) left out, cut to `max` characters (a calendar invitation's long description).
 */
export function keptText(text: string, max: number): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(?![\t\n])\p{Cc}/gu, '')
    .trim()
    .slice(0, max);
}

/** Where a row is in the file: the zip entry (null for a file on its own) and its line, or its place in the file's list. */
export interface Where {
  file: string | null;
  line: number;
}

/** One item the import will write: its content as a create takes it, under an id made from its source's identity. */
export interface PlannedItem {
  kind: ItemKind;
  id: string;
  content: Record<string, unknown>;
  /** An item of a Tempo export's trash: it goes back into the trash. */
  deleted_at?: string;
}

/** What a reader of a format is given: the plan to fill, and how to read what the file leaves open. */
export interface SourceContext {
  builder: PlanBuilder;
  /** What a Todoist or TickTick project becomes. */
  projects: ProjectTarget;
  /** The person's zone: what a date without one is read in. */
  timeZone: string;
  /** What a date in words ("tomorrow") is read from. */
  now: Date;
}

export interface ImportPlan {
  format: ImportFormat;
  /** Tags first, then goals, tasks and events (what an item names exists before it); goals and tasks last first. */
  items: PlannedItem[];
  counts: ImportCounts;
  trashed: number;
  skipped: SkippedRow[];
  skippedCount: number;
  notes: ImportNote[];
  notesCount: number;
}

const SCHEMAS = { goals: GoalCreateFieldsSchema, tasks: TaskCreateFieldsSchema, events: EventCreateFieldsSchema, tags: TagCreateFieldsSchema } as const;
const KIND_ORDER: readonly ItemKind[] = ['tags', 'goals', 'tasks', 'events'];

/**
 * Collects what a file holds into a plan: each item checked against the schema a create is checked
 * against (one that fails is skipped, with why), its tags gathered into tag items, its id a hash of
 * the person, the format and the item's identity in the source, so that importing the same file
 * again names the same items (which the writes then find there already). Bounded: past
 * IMPORT_LIMITS.itemsMax items the file is refused.
 */
export class PlanBuilder {
  private readonly planned = new Map<string, PlannedItem>();
  private readonly tagNames = new Map<string, string>();
  private readonly skippedRows: SkippedRow[] = [];
  private readonly noted: ImportNote[] = [];
  private skippedCount = 0;
  private notesCount = 0;

  constructor(
    private readonly userId: string,
    readonly format: ImportFormat,
  ) {}

  /** The id the item of this identity in the source gets, the same on every import of it. */
  idOf(kind: ItemKind, identity: string): string {
    return hashedUuid(`import:${this.userId}:${this.format}:${kind}:${identity}`);
  }

  /** Adds the item unless it fails the create's schema (then skips it); answers its id, or null when skipped. */
  add(kind: Exclude<ItemKind, 'tags'>, identity: string, content: Record<string, unknown>, where: Where, deletedAt?: string): string | null {
    const title = String(content.title ?? '');
    const checked = (SCHEMAS[kind] as z.ZodType).safeParse(content);
    if (!checked.success) {
      this.skip(where, title.trim() === '' ? 'noTitle' : 'invalid', title);
      return null;
    }
    const id = this.idOf(kind, identity);
    if (this.planned.has(`${kind}:${id}`)) return id;
    if (this.planned.size >= IMPORT_LIMITS.itemsMax) throw badRequest(IMPORT_MESSAGES.tooManyItems);
    const item = checked.data as Record<string, unknown>;
    for (const name of (item.tags as string[] | undefined) ?? []) this.tag(name);
    this.planned.set(`${kind}:${id}`, { kind, id, content: item, ...(deletedAt ? { deleted_at: deletedAt } : {}) });
    return id;
  }

  /**
   * A tag of this name, once per name ignoring case: its id comes from the name alone, so a tag two
   * sources name is one tag. Answers the name as kept (trimmed, cut to the longest a tag name may be).
   */
  tag(name: string, color?: string | null): string {
    const kept = name.trim().slice(0, API_LIMITS.tagNameMax).trim();
    const key = kept.toLowerCase();
    if (kept !== '' && !this.tagNames.has(key)) {
      if (this.planned.size >= IMPORT_LIMITS.itemsMax) throw badRequest(IMPORT_MESSAGES.tooManyItems);
      this.tagNames.set(key, kept);
      const checked = TagCreateFieldsSchema.safeParse({ name: kept, ...(color !== undefined ? { color } : {}) });
      if (checked.success) this.planned.set(`tags:${key}`, { kind: 'tags', id: hashedUuid(`import:${this.userId}:tag:${key}`), content: checked.data });
    }
    return kept;
  }

  skip(where: Where, reason: SkipReason, title: string): void {
    this.skippedCount += 1;
    if (this.skippedRows.length < IMPORT_LIMITS.listedMax) this.skippedRows.push({ ...where, reason, title: title.slice(0, API_LIMITS.titleMax) });
  }

  note(where: Where, kind: NoteKind, title: string): void {
    this.notesCount += 1;
    if (this.noted.length < IMPORT_LIMITS.listedMax) this.noted.push({ ...where, kind, title: title.slice(0, API_LIMITS.titleMax) });
  }

  build(): ImportPlan {
    // Each written goal and task goes on top of its list (functions/items/imported.ts): the last in the file first.
    const items = KIND_ORDER.flatMap((kind) => {
      const ofKind = [...this.planned.values()].filter((item) => item.kind === kind);
      return isOrderable(kind) ? ofKind.reverse() : ofKind;
    });
    const count = (kind: ItemKind) => items.filter((item) => item.kind === kind).length;
    return {
      format: this.format,
      items,
      counts: { goals: count('goals'), tasks: count('tasks'), events: count('events'), tags: count('tags') },
      trashed: items.filter((item) => item.deleted_at).length,
      skipped: this.skippedRows,
      skippedCount: this.skippedCount,
      notes: this.noted,
      notesCount: this.notesCount,
    };
  }
}
