import { lazy, Suspense } from 'react';
import { Spinner } from '../components/ui/spinner';
import { useAppTexts } from '../i18n/texts';
import { showPlan, useShownPlanId, type PlanScope } from '../features/planning/api/plans';
import { PlanButtons } from '../features/planning/components/plan-buttons';
import { isWaitingPlan, newestPlan, proposedBlocks } from '../features/planning/lib/proposals';
import { cacheNewChangeSet, isButtonPlan, useTodaysChangeSets } from '../features/voice/api/change-sets';

/**
 * Planning on the dashboard and the calendar, composed from the planning feature (the buttons, what
 * a plan is) and the assistant's change sets (where a plan lives, and its proposal view, the one
 * the assistant's panel shows).
 */

/** The proposal's code comes with the assistant's panel when there is a plan to show: most visits have none. */
const ProposalView = lazy(() => import('../features/voice/components/change-sets').then(({ ProposalView: View }) => ({ default: View })));
/** Started on the button's press, so the view's code arrives while the server plans. */
const loadProposalView = () => void import('../features/voice/components/change-sets');

/** The blocks of today's plans still waiting for an answer, to draw dashed. */
export function useProposedBlocks() {
  return proposedBlocks(useTodaysChangeSets());
}

export function PagePlanButtons({ scopes }: { scopes: readonly PlanScope[] }) {
  return <PlanButtons scopes={scopes} onPress={loadProposalView} onPlanned={cacheNewChangeSet} />;
}

/** The plan the button made (or the newest plan, when the button made it and it still waits), with its answer and Undo all. */
export function PagePlanPanel() {
  const sets = useTodaysChangeSets();
  const shownId = useShownPlanId();
  const texts = useAppTexts();
  // The plan the button just made, or else the newest plan when the button made it and it still waits (an older one is superseded).
  const newest = newestPlan(sets);
  const shown = sets.find((set) => set.id === shownId) ?? (newest && isButtonPlan(newest) && isWaitingPlan(newest) ? newest : undefined);
  if (!shown) return null;
  return (
    <div className="plan-panel">
      <Suspense
        fallback={
          <p role="status">
            <Spinner /> {texts.common.loading}
          </p>
        }
      >
        <ProposalView set={shown} onAnswered={() => showPlan(shown.id)} onClose={() => showPlan(null)} />
      </Suspense>
    </div>
  );
}
