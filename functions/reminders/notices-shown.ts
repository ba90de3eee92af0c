/** The reminders on screen (GET /api/reminders), for "Export my data" (functions/exports/), which holds them too. */
export { noticesShown } from './notices.repository';
