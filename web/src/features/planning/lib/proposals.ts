import type { ChangeSet } from '../../../../../shared/change-sets.schema';

/**
 * A plan is a change set whose lines carry a `proposal` (a planned block, or a moved event): its
 * blocks wait as 'proposed' until the person accepts some, all or none of them.
 */

export const isWaitingPlan = (set: ChangeSet): boolean => set.lines.some((line) => line.status === 'proposed' && line.proposal);

/** A block of a waiting plan, drawn on the calendar as proposed: not an event yet. */
export interface ProposedBlock {
  key: string;
  title: string;
  start_time: string;
  end_time: string;
  all_day: false;
  proposed: true;
}

/** The newest plan of `sets` (the assistant's or the button's), answered or not: a newer plan supersedes the ones before it. */
export function newestPlan(sets: readonly ChangeSet[]): ChangeSet | undefined {
  const plans = sets.filter((set) => set.lines.some((line) => line.proposal) || (set.unplaced?.length ?? 0) > 0);
  return plans.reduce<ChangeSet | undefined>((found, set) => (found && found.created_at >= set.created_at ? found : set), undefined);
}

/**
 * The blocks still waiting in the newest plan of `sets`, earliest first; none once it is answered.
 * An older plan still waiting may have placed the same tasks elsewhere: drawn together, the plans
 * would show a task twice, and accepting the older one would book it twice.
 */
export function proposedBlocks(sets: readonly ChangeSet[]): ProposedBlock[] {
  const newest = newestPlan(sets);
  if (!newest) return [];
  return newest.lines
    .flatMap(({ status, proposal, title, tool_call_id, index }) =>
      status === 'proposed' && proposal
        ? [
            {
              key: `${newest.id}/${tool_call_id}/${index}`,
              title,
              start_time: proposal.start_time,
              end_time: proposal.end_time,
              all_day: false as const,
              proposed: true as const,
            },
          ]
        : [],
    )
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
}
