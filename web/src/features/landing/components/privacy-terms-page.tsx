import { SiteLayout } from '../../../components/layouts/site-layout';
import { SUPPORT_EMAIL } from '../../../config/contact';
import { useLanguage } from '../../../i18n/language';
import { usePrivacyTexts } from '../../../i18n/texts';

/** The day this page last changed: set it with every change of its texts. */
const LAST_CHANGED = '2026-12-06';

/** The beta's privacy notice and terms. */
export function PrivacyTermsPage() {
  const t = usePrivacyTexts();
  const lastChanged = new Intl.DateTimeFormat(useLanguage(), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(LAST_CHANGED));
  return (
    <SiteLayout>
      <title>{t.documentTitle}</title>
      <article className="narrow-page prose">
        <h1>{t.title}</h1>
        <p className="prose__updated">{t.lastUpdated(lastChanged)}</p>
        {t.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {'items' in section ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : (
              <p>{section.text}</p>
            )}
          </section>
        ))}
        <section>
          <h2>{t.deletion.heading}</h2>
          <p>
            {t.deletion.before} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> {t.deletion.after}
          </p>
        </section>
        <section>
          <h2>{t.changes.heading}</h2>
          <p>{t.changes.text}</p>
        </section>
      </article>
    </SiteLayout>
  );
}
