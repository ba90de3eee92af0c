import type { ChangeSet } from '../../../../../shared/change-sets.schema';
import { apiRequest } from '../../../lib/api';
import { observable, useObservable } from '../../../lib/observable';

export type PlanScope = 'day' | 'week';

/** Plans today (now to the end of the day) or this week (to the end of Sunday): a proposal, nothing saved until accepted. */
export async function makePlan(scope: PlanScope): Promise<ChangeSet> {
  return apiRequest<ChangeSet>('/api/planning/plans', { method: 'POST', body: { scope }, signedIn: true });
}

/**
 * The plan the pages' panel shows: the one the button made, kept after its answer (for its Undo
 * all) until the person closes it; held outside the pages, so it follows them from the dashboard
 * to the calendar.
 */
const shownPlanId = observable<string | null>(null);
export const showPlan = (id: string | null) => shownPlanId.set(id);
export const useShownPlanId = () => useObservable(shownPlanId);
