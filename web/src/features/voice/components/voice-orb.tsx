import { useEffect, useRef, type ReactNode } from 'react';
import { classNames } from '../../../components/ui/class-names';
import { useVoice } from './voice-provider';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The glow around a call button: it swells with the audio level while a voice call runs (read each
 * frame into --voice-level) and stays still for people who ask for reduced motion.
 */
export function VoiceOrb({ large = false, children }: { large?: boolean; children: ReactNode }) {
  const { state, level } = useVoice();
  const orb = useRef<HTMLDivElement>(null);
  const listening = state.phase === 'active' && !state.textOnly;

  useEffect(() => {
    const element = orb.current;
    if (!element || !listening || window.matchMedia(REDUCED_MOTION).matches) return;
    let frame = requestAnimationFrame(function draw() {
      element.style.setProperty('--voice-level', level().toFixed(3));
      frame = requestAnimationFrame(draw);
    });
    return () => {
      cancelAnimationFrame(frame);
      element.style.removeProperty('--voice-level');
    };
  }, [listening, level]);

  const look = state.error ? 'error' : state.phase === 'active' ? state.mode : state.phase === 'starting' ? 'starting' : 'idle';
  return (
    <div ref={orb} className={classNames('voice-orb', large && 'voice-orb--large', `voice-orb--${look}`)}>
      {children}
    </div>
  );
}
