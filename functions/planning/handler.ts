import { created, httpHandler } from '../platform/http';
import { planFromButton } from './proposals';

export const handler = httpHandler('planning', {
  'POST /api/planning/plans': async ({ userId, body, now }) => created(await planFromButton(userId, body.scope, now)),
});
