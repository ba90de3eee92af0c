import { useEffect, useRef } from 'react';

/**
 * The landing page's background picture, tilting back as the page scrolls. The script only
 * publishes the scroll progress; the stylesheet turns it into a tilt, and leaves it flat for
 * visitors who ask for reduced motion.
 */
export function TiltingBackdrop() {
  const backdrop = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let frame = 0;
    const publish = () => {
      frame = 0;
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      const progress = scrollable > 0 ? Math.min(1, window.scrollY / scrollable) : 0;
      backdrop.current?.style.setProperty('--scroll-progress', progress.toFixed(4));
    };
    const onScroll = () => {
      frame ||= window.requestAnimationFrame(publish);
    };
    publish();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <div className="backdrop" aria-hidden="true">
      <div className="backdrop__picture" ref={backdrop} />
    </div>
  );
}
