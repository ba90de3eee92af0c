import { TOOL_ACTIVITY_TOAST } from '../../../../../shared/constants';
import { VOICE_MESSAGES } from '../../../../../shared/messages';
import type { ToolCall } from '../../../../../shared/tool-calls';
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

export const STATUS_LABELS = {
  pending: VOICE_MESSAGES.toolProcessing,
  success: VOICE_MESSAGES.toolCompleted,
  error: VOICE_MESSAGES.toolFailed,
} as const satisfies Record<ToolCall['status'], string>;

/** The toast's second line: the entity argument, else the item's title, else 'Processing request'. */
export function toastSubtitle(call: ToolCall): string {
  const item = call.result && 'item' in call.result ? call.result.item : {};
  const named = [call.tool_args.entity, call.tool_args.title, item.title].find((value) => typeof value === 'string' && value.trim());
  return (named as string | undefined) ?? VOICE_MESSAGES.toolSubtitleFallback;
}

/** A finished create, update or delete that has not been undone yet. */
export function isUndoable(call: ToolCall): boolean {
  return call.status === 'success' && call.undone_at === null && toolChange(call) !== null;
}
