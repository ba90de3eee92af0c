import { useCallback } from 'react';
import { useToast } from '../../../components/ui/toast';

/** The spec's text for an agent that is not set up (section 8, call start). */
export const VOICE_NOT_CONFIGURED = 'Voice agent not configured. Please contact support.';

/**
 * Starts or ends a call with the assistant. The call itself belongs to the voice issue; until then
 * no agent is configured, and starting says so.
 */
export function useVoiceCall(): { toggle: () => void } {
  const showToast = useToast();
  const toggle = useCallback(() => showToast({ tone: 'error', title: VOICE_NOT_CONFIGURED }), [showToast]);
  return { toggle };
}
