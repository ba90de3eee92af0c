import { expect, type APIRequestContext } from '@playwright/test';
import { DOUBLE_AGENT_ID, DOUBLE_API_KEY, type ElevenLabsDouble, type ScriptStep } from '../../../local/elevenlabs-double';

export type DoubleState = ReturnType<ElevenLabsDouble['state']>;

/** The stack's ElevenLabs double, on the port playwright.config.ts gives it. */
function doubleUrl(): string {
  const port = process.env.E2E_ELEVENLABS_PORT;
  if (!port) throw new Error('E2E_ELEVENLABS_PORT is not set: run the tests through playwright.config.ts');
  return `http://127.0.0.1:${port}`;
}

/**
 * The double's knobs. It is one agent for the whole server, so the voice tests share one file and
 * run one after the other, each from a reset.
 */
export function elevenLabsDouble(request: APIRequestContext) {
  async function call(method: 'GET' | 'POST', path: string, data?: unknown): Promise<any> {
    // A fresh connection each time: one kept alive may be closed by the double's server just as it is
    // reused (Node closes idle ones after 5 s), which fails the knob with ECONNRESET.
    const response = await request.fetch(`${doubleUrl()}/__double/${path}`, {
      method,
      headers: { connection: 'close' },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return response.json();
  }
  return {
    reset: (): Promise<void> => call('POST', 'reset'),
    /**
     * The answer to the next turn (spoken or typed): calls `after: 'sent'` go out with the one before
     * them, and a `tool_call_id` repeats a call after a drop. A call the agent could not make (no such
     * tool, parameters its schema refuses) fails the test with the double's reason.
     */
    script: (step: ScriptStep): Promise<void> => call('POST', 'script', step),
    state: (): Promise<DoubleState> => call('GET', 'state'),
    /** Closes the open conversations from the agent's side with `code`. */
    close: (code: number, reason = ''): Promise<void> => call('POST', 'close', { code, reason }),
    /** Changes the stack's agent through ElevenLabs' own API (PATCH), as the agent script does. */
    async updateAgent(patch: Record<string, unknown>): Promise<void> {
      const response = await request.patch(`${doubleUrl()}/v1/convai/agents/${DOUBLE_AGENT_ID}`, { headers: { 'xi-api-key': DOUBLE_API_KEY }, data: patch });
      expect(response.ok(), await response.text()).toBe(true);
    },
  };
}
