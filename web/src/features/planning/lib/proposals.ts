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

/** The blocks still waiting in `sets`, earliest first. */
export function proposedBlocks(sets: readonly ChangeSet[]): ProposedBlock[] {
  return sets
    .flatMap((set) =>
      set.lines.flatMap(({ status, proposal, title, tool_call_id, index }) =>
        status === 'proposed' && proposal
          ? [
              {
                key: `${set.id}/${tool_call_id}/${index}`,
                title,
                start_time: proposal.start_time,
                end_time: proposal.end_time,
                all_day: false as const,
                proposed: true as const,
              },
            ]
          : [],
      ),
    )
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
}
