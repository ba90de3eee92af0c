import { CHANGE_SET_PREFIX, itemKeyPrefix, REMINDER_NOTICE_PREFIX, TOOL_CALL_PREFIX, USER_SK } from '../data/keys';
import { ITEM_KINDS } from '../../shared/item-kinds';
import type { EventPattern } from '../../events/pattern';

/**
 * The table stream's consumers: which records reach which function (functions/<target>.ts, a
 * handler of DynamoDB stream batches). The CDK makes one event source mapping for each, with this
 * filter, partial batch failures and an on-failure queue; the local stream applies the same filters
 * in process (local/table-stream.ts). Two, because DynamoDB serves a stream's shard to two readers
 * at a time before it throttles them.
 */
export interface StreamConsumer {
  name: string;
  description: string;
  /** Lambda's filter criteria: an EventBridge pattern over the stream record. */
  filter: EventPattern;
  target: string;
}

const ITEM_RECORDS = ITEM_KINDS.map((kind) => ({ prefix: itemKeyPrefix(kind) }));

export const STREAM_CONSUMERS: readonly StreamConsumer[] = [
  {
    name: 'PublishChanges',
    description: "Puts each saved change to a user's goals, tasks, events, tags and settings on the bus as its item.* or settings.* event",
    filter: { dynamodb: { Keys: { SK: { S: [...ITEM_RECORDS, USER_SK.settings] } } } },
    target: 'changes/publish-changes',
  },
  {
    name: 'CountChanges',
    description:
      "Moves the user's change counters for each saved change of their items, settings, tool calls and reminders on screen, and tells their open screens; closes them when the user's sessions end",
    filter: {
      dynamodb: {
        Keys: {
          SK: {
            S: [
              ...ITEM_RECORDS,
              USER_SK.settings,
              { prefix: TOOL_CALL_PREFIX },
              { prefix: CHANGE_SET_PREFIX },
              { prefix: REMINDER_NOTICE_PREFIX },
              USER_SK.sessions,
            ],
          },
        },
      },
    },
    target: 'changes/count-changes',
  },
];
