import { createHash, timingSafeEqual } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DAY_MS } from '../../shared/dates';
import { db, tableName } from '../platform/dynamo';
import { verifiedLinkKey } from '../data/keys';

/** How long a used verification link keeps answering "verified" when opened again. */
const REMEMBERED_MS = 7 * DAY_MS;

const hashOf = (email: string, code: string) => createHash('sha256').update(`${email.toLowerCase()}:${code}`).digest();

/** Remembers (as a hash) the code that confirmed an address, so its link can be opened twice. */
export async function rememberVerification(email: string, code: string, now: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...verifiedLinkKey(email), code_hash: hashOf(email, code).toString('hex'), ttl: Math.ceil((now + REMEMBERED_MS) / 1000) },
    }),
  );
}

export async function wasVerifiedWith(email: string, code: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: verifiedLinkKey(email) }));
  if (!Item) return false;
  return timingSafeEqual(Buffer.from(String(Item.code_hash), 'hex'), hashOf(email, code));
}
