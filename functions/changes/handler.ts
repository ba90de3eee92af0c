import { httpHandler, ok } from '../platform/http';
import { issueTicket } from '../change-notices/tickets';
import { readStamps } from './stamps.repository';

export const handler = httpHandler('changes', {
  'GET /api/changes': async ({ userId }) => ok({ stamps: await readStamps(userId) }),
  'POST /api/changes/socket-ticket': async ({ userId, now }) => ({ status: 201, body: { ticket: await issueTicket(userId, now) } }),
});
