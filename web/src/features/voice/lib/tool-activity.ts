import { TOOL_ACTIVITY_TOAST } from '../../../../../shared/constants';
import { humaniseToolName } from '../../../../../shared/tool-calls';
import type { ToolCall } from '../../../../../shared/tool-calls.schema';
import type { AppTexts } from '../../../i18n/catalogue-types';
import { toolChange } from './reflect-tool-calls';

/** The calls the tool-activity toast shows in turn: the pending ones first, then the 3 last finished. */
export function toastQueue(calls: readonly ToolCall[]): ToolCall[] {
  const pending = calls.filter((call) => call.status === 'pending');
  const finished = calls
    .filter((call) => call.status !== 'pending')
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .slice(0, TOOL_ACTIVITY_TOAST.latestFinished);
  return [...pending, ...finished];
}

/**
 * The toast's second line: the entity argument in the person's words, else the item's title (a
 * batch's titles, a tag's name), else 'Processing request'.
 */
export function toastSubtitle(call: ToolCall, texts: AppTexts): string {
  const entities: Readonly<Record<string, string>> = texts.voice.tools.entities;
  const { entity, title } = call.tool_args;
  if (typeof entity === 'string' && entity.trim()) return entities[entity] ?? entity;
  if (isNamed(title)) return title;
  // A list's items are what it read, not what it changed: only a change's items name it.
  const result = call.result && 'action' in call.result ? call.result : null;
  const items = !result ? [] : 'items' in result ? result.items : [result.item];
  const names = items.map((item) => item.title ?? item.name).filter(isNamed);
  if (names.length === 0) return texts.voiceErrors.toolSubtitleFallback;
  // A batch of 20 would fill the screen: the first few name it.
  const shown = TOOL_ACTIVITY_TOAST.itemsNamed;
  return names.length > shown ? `${names.slice(0, shown).join(', ')}, …` : names.join(', ');
}

const isNamed = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** A tool's name in the person's language ('Create item'), or made readable from its code name. */
export function toolTitle(toolName: string, texts: AppTexts): string {
  const names: Readonly<Record<string, string>> = texts.voice.tools.names;
  return names[toolName] ?? humaniseToolName(toolName);
}

/** Moves to the trash that wait for the person's yes on screen: asked for, not done. */
const awaitsConfirmation = (call: ToolCall): boolean =>
  call.result !== null && 'awaiting_confirmation' in call.result && call.result.awaiting_confirmation === true;

/** A finished create, update or delete that has not been undone yet (a delete still waiting for the person's yes has nothing to undo). */
export function isUndoable(call: ToolCall): boolean {
  return call.status === 'success' && call.undone_at === null && !awaitsConfirmation(call) && toolChange(call) !== null;
}

/** The toast's word for where a call stands: 'Processing...', 'Completed', 'Failed', 'Undone', or waiting for the person's yes (never 'Completed'). */
export function toastStatus(call: ToolCall, texts: AppTexts): string {
  if (call.undone_at) return texts.voiceErrors.toolUndone;
  if (call.status === 'success' && awaitsConfirmation(call)) return texts.voice.changeSets.status.held;
  return texts.voiceErrors[STATUS_TEXT[call.status]];
}

/** A call's status in the voice messages' words. */
const STATUS_TEXT = { pending: 'toolProcessing', success: 'toolCompleted', error: 'toolFailed' } as const satisfies Record<ToolCall['status'], string>;
