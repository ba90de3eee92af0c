import { useId } from 'react';
import { EARLY_ACCESS_PROMISE } from '../../../../../shared/constants';
import { INTEREST_AREAS } from '../../../../../shared/waiting-list';
import { SiteLayout } from '../../../components/layouts/site-layout';
import { WaitlistForm } from './waitlist-form';

const ROLES = [
  { value: '', label: 'Prefer not to say' },
  ...INTEREST_AREAS.map((area) => ({ value: area, label: area[0]!.toUpperCase() + area.slice(1) })),
];

export function WaitlistPage() {
  const heading = useId();
  return (
    <SiteLayout>
      <title>Join the Waitlist · Tempo</title>
      <div className="narrow-page">
        <h1 id={heading}>Join the waiting list</h1>
        <p className="lead">
          Tempo is in private beta. Leave your email and we'll invite you {EARLY_ACCESS_PROMISE}, with exclusive features and discounts for early
          members.
        </p>
        <div className="card">
          <WaitlistForm labelledBy={heading} roles={ROLES} />
        </div>
      </div>
    </SiteLayout>
  );
}
