import { randomBytes } from 'node:crypto';
import { saveTicket } from './tickets.repository';

/** The ticket a signed-in call to the changes API gets to open one socket: random, kept by its hash (tickets.repository.ts). */
export async function issueTicket(userId: string, now: Date): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await saveTicket(ticket, userId, now);
  return ticket;
}
