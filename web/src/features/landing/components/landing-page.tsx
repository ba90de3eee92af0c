import { useId } from 'react';
import { SiteLayout } from '../../../components/layouts/site-layout';
import { Icon, type IconName } from '../../../components/ui/icon';
import { useTexts } from '../../../i18n/texts';
import { TiltingBackdrop } from './tilting-backdrop';
import { WaitlistForm } from './waitlist-form';

const FEATURE_ICONS: IconName[] = ['voice', 'goals', 'schedule', 'automation', 'context', 'privacy'];

export function LandingPage() {
  const heroHeading = useId();
  const ctaHeading = useId();
  const t = useTexts().landing;
  return (
    <SiteLayout backdrop={<TiltingBackdrop />}>
      <title>{t.documentTitle}</title>
      <section className="hero" aria-labelledby={heroHeading}>
        <p className="hero__eyebrow">{t.eyebrow}</p>
        <h1 className="hero__title" id={heroHeading}>
          {t.title}
        </h1>
        <p className="hero__lead">{t.lead}</p>
        <div className="hero__form">
          <WaitlistForm labelledBy={heroHeading} />
          <p className="hero__promise">{t.promise}</p>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="features-heading">
        <h2 id="features-heading">{t.featuresHeading}</h2>
        <ul className="features">
          {t.features.map((feature, index) => (
            <li key={feature.title} className="feature">
              <Icon name={FEATURE_ICONS[index]!} className="feature__icon" />
              <h3 className="feature__title">{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section" aria-labelledby="steps-heading">
        <h2 id="steps-heading">{t.stepsHeading}</h2>
        <ol className="steps">
          {t.steps.map((step) => (
            <li key={step.title} className="step">
              <h3 className="step__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-section landing-section--cta" aria-labelledby={ctaHeading}>
        <h2 id={ctaHeading}>{t.ctaHeading}</h2>
        <p>{t.ctaText}</p>
        <WaitlistForm labelledBy={ctaHeading} />
      </section>
    </SiteLayout>
  );
}
