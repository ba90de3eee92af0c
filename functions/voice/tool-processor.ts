import type { DetailOf } from '../../events/catalogue';
import { busConsumer } from '../platform/consumer';
import { processToolCall } from './process-tool-call';

/**
 * Bus consumer of toolcall.requested: runs the logged call for the user named in the event
 * (process-tool-call.ts: its lines in its turn's change set, its result or error recorded,
 * toolcall.completed announced).
 * - The claim makes a repeat harmless, so no idempotency record is kept: a redelivered event finds
 *   the call finished and does nothing; a copy delivered while the first still runs finds it claimed
 *   and fails, so the bus retries it once that one has finished.
 * - An unexpected failure throws: it is logged and reported (platform/consumer.ts), in the trace of
 *   the request that logged the call; the bus retries, then dead-letters; the call stays pending.
 */
export const handler = busConsumer<'toolcall.requested'>(
  'voice/tool-processor',
  async ({ userId, toolCallId }: DetailOf<'toolcall.requested'>) => {
    await processToolCall(userId, toolCallId);
  },
  { repeatsAreHarmless: true },
);
