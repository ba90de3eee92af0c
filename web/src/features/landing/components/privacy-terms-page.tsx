import { PRIVACY } from '../../../../../shared/constants';
import { SiteLayout } from '../../../components/layouts/site-layout';
import { SUPPORT_EMAIL } from '../../../config/contact';

/** The beta's privacy notice and terms. */
export function PrivacyTermsPage() {
  return (
    <SiteLayout>
      <title>Privacy &amp; Terms · Tempo</title>
      <article className="narrow-page prose">
        <h1>Privacy &amp; Terms</h1>
        <p className="prose__updated">Last updated {PRIVACY.lastUpdated}</p>

        <h2>Beta disclaimer</h2>
        <p>
          Tempo is in beta. Features may change, break or disappear, and the service may be unavailable at times. Please keep your own copy of anything
          you cannot afford to lose.
        </p>

        <h2>How we use your data</h2>
        <p>
          We keep your name and email to run your account, and the goals, tasks, events and tags you create to show them back to you. What you say to
          the voice assistant is processed to carry out your requests. We do not sell your data or use it for advertising.
        </p>

        <h2>Third-party services</h2>
        <ul>
          <li>Amazon Web Services hosts the app, stores your data and sends our emails.</li>
          <li>ElevenLabs processes voice conversations with the assistant.</li>
          <li>Google Calendar is reached only if you connect it, to read your events.</li>
        </ul>

        <h2>No warranty</h2>
        <p>
          The beta is provided “as is”, without warranty of any kind. To the extent the law allows, we are not liable for any loss that comes from
          using it.
        </p>

        <h2>Security</h2>
        <p>
          Your data travels encrypted and is stored encrypted. Only your signed-in account can read it, and our authentication service keeps passwords
          only as salted hashes. No system is perfectly secure, so please use a password you do not use elsewhere.
        </p>

        <h2>Deletion requests</h2>
        <p>
          To delete your account and data, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the address you signed up with. We
          process deletion requests within {PRIVACY.deletionWithinDays} days.
        </p>

        <h2>Changes to these terms</h2>
        <p>
          We may update these terms as the beta evolves. The date at the top shows the latest change; continuing to use Tempo afterwards means you
          accept the new terms.
        </p>
      </article>
    </SiteLayout>
  );
}
