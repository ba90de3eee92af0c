import { httpHandler, ok } from '../platform/http';
import { readStamps } from './stamps.repository';

export const handler = httpHandler('changes', {
  'GET /api/changes': async ({ userId }) => ok({ stamps: await readStamps(userId) }),
});
