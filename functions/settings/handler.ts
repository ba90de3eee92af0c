import { applySettings } from '../../shared/settings.schema';
import { httpHandler, ok, type HttpEvent } from '../platform/http';
import { getSettings, saveSettingsChange } from './repository';

function verifiedEmail(event: HttpEvent): string | null {
  // A personal access token's context names no address: mail stays without one until the person turns it on signed in.
  const claims = event.requestContext.authorizer.lambda;
  return String(claims.email_verified) === 'true' && typeof claims.email === 'string' ? claims.email : null;
}

export const handler = httpHandler('settings', {
  'GET /api/settings': async ({ userId }) => ok((await getSettings(userId)).settings),
  'PUT /api/settings': async ({ userId, body, now, event }) => {
    const { settings: current } = await getSettings(userId);
    const next = applySettings(current, body, now.toISOString());
    // Reminders are mailed to the address the person signed in with, as Cognito verified it when the token was issued.
    if (next.reminder_channels.mail && !current.reminder_channels.mail) next.reminder_mail_to = verifiedEmail(event);
    return ok(await saveSettingsChange(current, next));
  },
});
