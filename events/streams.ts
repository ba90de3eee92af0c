import { USER_SK } from '../functions/data/keys';
import type { EventPattern } from './pattern';

/**
 * The table stream's consumers: which records reach which function (functions/<target>.ts, a
 * handler of DynamoDB stream batches). The CDK makes one event source mapping for each, with this
 * filter, partial batch failures and an on-failure queue; the local stream applies the same filters
 * in process (local/table-stream.ts).
 */
export interface StreamConsumer {
  name: string;
  description: string;
  /** Lambda's filter criteria: an EventBridge pattern over the stream record. */
  filter: EventPattern;
  target: string;
}

export const STREAM_CONSUMERS: readonly StreamConsumer[] = [
  {
    name: 'PushChangeNotices',
    description: "Tells each of a user's open screens which of their change counters moved",
    filter: { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { SK: { S: [USER_SK.stamps] } } } },
    target: 'push/send-notices',
  },
];
