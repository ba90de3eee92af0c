import { useState } from 'react';
import type { ChangeSet } from '../../../../../shared/change-sets.schema';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useAppTexts } from '../../../i18n/texts';
import { localizedError } from '../../../lib/api';
import { makePlan, showPlan, type PlanScope } from '../api/plans';

interface PlanButtonsProps {
  scopes: readonly PlanScope[];
  /** On the press, before the server answers (the proposal's code can start downloading). */
  onPress?: () => void;
  /** The proposal, to put where the screens read change sets. */
  onPlanned: (set: ChangeSet) => void;
}

/** "Plan my day" (and "Plan my week"): the server plans, nothing is saved, and the proposal shows; a failure says why. */
export function PlanButtons({ scopes, onPress, onPlanned }: PlanButtonsProps) {
  const texts = useAppTexts();
  const t = texts.planning;
  const showToast = useToast();
  const [planning, setPlanning] = useState<PlanScope | null>(null);

  async function plan(scope: PlanScope) {
    onPress?.();
    setPlanning(scope);
    try {
      const set = await makePlan(scope);
      onPlanned(set);
      showPlan(set.id);
    } catch (error) {
      showToast({ tone: 'error', title: t.planFailed, description: localizedError(error, texts, '') || undefined });
    } finally {
      setPlanning(null);
    }
  }

  return scopes.map((scope) => (
    <Button
      key={scope}
      className={`plan-button--${scope}`}
      variant="secondary"
      busy={planning === scope}
      disabled={planning !== null && planning !== scope}
      onClick={() => void plan(scope)}
    >
      {planning === scope ? t.planning : scope === 'day' ? t.planDay : t.planWeek}
    </Button>
  ));
}
