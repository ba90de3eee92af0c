import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mcpConversationKey } from '../data/keys';
import { db, tableName, unlessConditionFails } from '../platform/dynamo';

/**
 * The turns of an outside assistant's conversation over MCP. A person's voice turn ends when they
 * speak again; an MCP client has no such moment, so a turn is the calls that follow each other
 * within this gap: deleting items one at a time soon after each other is one turn, whose deletes
 * past the third wait for the person (as a voice turn's do), and its changes are one change set.
 */
export const MCP_TURN_GAP_MS = 5 * 60_000;

/** How long the conversation's record outlives its last call: long past the gap, after which a call starts a new turn anyway. */
const KEPT_SECONDS = 86_400;

/**
 * The turn a call at `now` belongs to, recording the call: the turn going on when the previous
 * call was at most MCP_TURN_GAP_MS earlier, else a new one, named by the second it began (no
 * counter to lose: a later turn never takes an earlier one's number, nor its change set). Each
 * step is one conditional write; calls at the same moment agree on one turn: the one whose write
 * starts it wins, and the others go on in it.
 */
export async function turnOf(userId: string, conversationId: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - MCP_TURN_GAP_MS).toISOString();
  const ttl = Math.floor(now.getTime() / 1000) + KEPT_SECONDS;
  const write = (update: string, condition: string, values: Record<string, unknown>) =>
    unlessConditionFails(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: mcpConversationKey(userId, conversationId),
          UpdateExpression: `SET last_call_at = :at, #ttl = :ttl${update}`,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':at': at, ':since': since, ':ttl': ttl, ...values },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
  // At most: the turn ended; another call started the next one first; this call goes on in it.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const going = await write('', 'last_call_at >= :since', {});
    if (going) return Number(going.Attributes!.turn);
    const turn = Math.floor(now.getTime() / 1000);
    const started = await write(', turn = :turn', 'attribute_not_exists(PK) OR last_call_at < :since', { ':turn': turn });
    if (started) return turn;
  }
  throw new Error(`no turn for ${conversationId}: its record changes under every write`);
}
