import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { VoiceSession, VoiceSessionUpdate } from '../../shared/voice.schema';
import { voiceSessionKey } from '../data/keys';
import { conditionally, db, tableName } from '../platform/dynamo';

/** voice_sessions under the user's partition (SK VOICESESSION#<id>). */

/** Records a call being started: no conversation yet, duration 0 until the client saves it. */
export async function startVoiceSession(userId: string, agentId: string, now: Date): Promise<VoiceSession> {
  const at = now.toISOString();
  const session: VoiceSession = {
    id: randomUUID(),
    user_id: userId,
    conversation_id: null,
    agent_id: agentId,
    duration: 0,
    created_at: at,
    updated_at: at,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...session, ...voiceSessionKey(userId, session.id) },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return session;
}

/** Saves a call's real length (and its conversation id); false when the user has no such session. */
export async function saveVoiceSession(userId: string, sessionId: string, update: VoiceSessionUpdate, now: Date): Promise<boolean> {
  const conversation = update.conversation_id ? ', conversation_id = :conversation' : '';
  return conditionally(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: voiceSessionKey(userId, sessionId),
        UpdateExpression: `SET #duration = :duration, updated_at = :now${conversation}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#duration': 'duration' },
        ExpressionAttributeValues: {
          ':duration': update.duration_seconds,
          ':now': now.toISOString(),
          ...(update.conversation_id ? { ':conversation': update.conversation_id } : {}),
        },
      }),
    ),
  );
}
