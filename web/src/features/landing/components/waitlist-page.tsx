import { useId } from 'react';
import { INTEREST_AREAS } from '../../../../../shared/waiting-list';
import { SiteLayout } from '../../../components/layouts/site-layout';
import { useTexts } from '../../../i18n/texts';
import { WaitlistForm } from './waitlist-form';

export function WaitlistPage() {
  const heading = useId();
  const t = useTexts().waitlist;
  const roles = [{ value: '', label: t.roleUnsaid }, ...INTEREST_AREAS.map((area) => ({ value: area, label: t.roles[area] }))];
  return (
    <SiteLayout>
      <title>{t.documentTitle}</title>
      <div className="narrow-page">
        <h1 id={heading}>{t.title}</h1>
        <p className="lead">{t.lead}</p>
        <div className="card">
          <WaitlistForm labelledBy={heading} roles={roles} />
        </div>
      </div>
    </SiteLayout>
  );
}
