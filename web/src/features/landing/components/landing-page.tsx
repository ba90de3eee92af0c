import { useId } from 'react';
import { EARLY_ACCESS_PROMISE } from '../../../../../shared/constants';
import { SiteLayout } from '../../../components/layouts/site-layout';
import { Icon, type IconName } from '../../../components/ui/icon';
import { TiltingBackdrop } from './tilting-backdrop';
import { WaitlistForm } from './waitlist-form';

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'voice',
    title: 'Natural voice interaction',
    text: 'Just talk. Tempo understands everyday speech and answers out loud, so planning feels like a conversation.',
  },
  {
    icon: 'goals',
    title: 'Smart goal management',
    text: 'Turn big ambitions into short- and long-term goals, and watch their progress grow as you finish tasks.',
  },
  {
    icon: 'schedule',
    title: 'Intelligent scheduling',
    text: 'Meetings, deadlines and reminders in one calendar that finds room for what matters.',
  },
  {
    icon: 'automation',
    title: 'Task automation',
    text: 'Ask for a task and it appears, prioritised and linked to the right goal, without filling in a single form.',
  },
  {
    icon: 'context',
    title: 'Contextual understanding',
    text: 'Tempo knows your goals, tags and time zone, so “next Friday” and “my fitness goal” just work.',
  },
  {
    icon: 'privacy',
    title: 'Secure and private',
    text: 'Your plans are yours: encrypted in transit and at rest, visible only to you, and deleted on request.',
  },
];

const STEPS = [
  { title: 'Speak your goals', text: 'Tell Tempo what you want to achieve, in your own words.' },
  { title: 'The AI creates plans', text: 'Your words become goals, tasks and events with sensible dates and priorities.' },
  { title: 'Stay on track', text: 'Check in by voice, tick things off, and let Tempo adjust the plan as life happens.' },
];

export function LandingPage() {
  const heroHeading = useId();
  const ctaHeading = useId();
  return (
    <SiteLayout backdrop={<TiltingBackdrop />}>
      <title>Tempo · Plan your goals, tasks and calendar by voice</title>
      <section className="hero" aria-labelledby={heroHeading}>
        <p className="hero__eyebrow">Now in private beta</p>
        <h1 className="hero__title" id={heroHeading}>
          Talk through your day. Tempo plans the rest.
        </h1>
        <p className="hero__lead">
          Tempo turns what you say into goals, tasks and calendar events, and keeps you moving with a voice assistant that updates your plans while you
          watch.
        </p>
        <div className="hero__form">
          <WaitlistForm labelledBy={heroHeading} />
          <p className="hero__promise">
            Early access {EARLY_ACCESS_PROMISE}, with exclusive features and discounts.
          </p>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="features-heading">
        <h2 id="features-heading">Everything you need to keep your tempo</h2>
        <ul className="features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feature">
              <Icon name={feature.icon} className="feature__icon" />
              <h3 className="feature__title">{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section" aria-labelledby="steps-heading">
        <h2 id="steps-heading">How it works</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step.title} className="step">
              <h3 className="step__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-section landing-section--cta" aria-labelledby={ctaHeading}>
        <h2 id={ctaHeading}>Be among the first</h2>
        <p>
          Join the waiting list for early access {EARLY_ACCESS_PROMISE}, with exclusive features and discounts for early members.
        </p>
        <WaitlistForm labelledBy={ctaHeading} />
      </section>
    </SiteLayout>
  );
}
