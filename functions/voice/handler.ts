import { USER_QUOTAS } from '../../shared/constants';
import { itemId } from '../../shared/item-fields.schema';
import { MESSAGES } from '../../shared/messages';
import { nameToUse } from '../../shared/person';
import type { VoiceTemplateVars } from '../../shared/voice.schema';
import { takeDemoVoiceConversation } from '../demo/allowance';
import { publishAfterSave } from '../platform/bus';
import { notFound } from '../platform/errors';
import { httpHandler, noContent, ok, type Reply } from '../platform/http';
import { takeQuota } from '../platform/quota.repository';
import { getSettings } from '../settings/account-settings';
import { elevenLabsAgent, signedConversationUrl } from './elevenlabs';
import { saveVoiceSession, startVoiceSession } from './voice-sessions.repository';
import { logToolCall } from './log-tool-call';
import { confirmChangeSet, getChangeSet, listTodaysChangeSets, undoChangeSet } from './change-sets';
import { getToolCall, listToolCalls } from './tool-calls.repository';
import { undoToolCall } from './undo';

export const handler = httpHandler('voice', {
  'GET /api/voice/config': async ({ userId, now }) => {
    const agent = elevenLabsAgent();
    await takeQuota({ key: `voice#user#${userId}`, limit: USER_QUOTAS.voiceCalls, windowMs: USER_QUOTAS.window, message: MESSAGES.tooManyVoiceCalls }, now);
    await takeDemoVoiceConversation(userId);
    const [signedUrl, templateVars] = await Promise.all([signedConversationUrl(agent), templateVarsOf(userId)]);
    const session = await startVoiceSession(userId, agent.agentId, now);
    await publishAfterSave('voice.session-started', { userId, sessionId: session.id, agentId: agent.agentId, occurredAt: session.created_at });
    return ok({ agentId: agent.agentId, signedUrl, userId, sessionId: session.id, templateVars });
  },
  'PATCH /api/voice/sessions/{id}': async ({ userId, params, body, now }) => {
    const id = itemId.safeParse(params.id);
    if (!id.success || !(await saveVoiceSession(userId, id.data, body, now))) throw notFound();
    await publishAfterSave('voice.session-ended', {
      userId,
      sessionId: id.data,
      conversationId: body.conversation_id || null,
      durationSeconds: body.duration_seconds,
      occurredAt: now.toISOString(),
    });
    return noContent();
  },
  'POST /api/voice/tool-calls': async ({ userId, body, now }) => accepted(await logToolCall(userId, body, now)),
  'GET /api/voice/tool-calls': async ({ userId }) => ok({ items: await listToolCalls(userId) }),
  'GET /api/voice/tool-calls/{id}': async ({ userId, params }) => {
    const call = await getToolCall(userId, params.id!);
    if (!call) throw notFound();
    return ok(call);
  },
  'POST /api/voice/tool-calls/{id}/undo': async ({ userId, params, body, now }) => ok(await undoToolCall(userId, params.id!, body.index, now)),
  'GET /api/voice/change-sets': async ({ userId, now }) => ok({ items: await listTodaysChangeSets(userId, now) }),
  'GET /api/voice/change-sets/{id}': async ({ userId, params, now }) => ok(await getChangeSet(userId, changeSetIdParam(params.id), now)),
  'POST /api/voice/change-sets/{id}/undo': async ({ userId, params, body, now }) =>
    ok(await undoChangeSet(userId, changeSetIdParam(params.id), now, body.lines)),
  'POST /api/voice/change-sets/{id}/confirm': async ({ userId, params, body, now }) =>
    ok(await confirmChangeSet(userId, changeSetIdParam(params.id), body.apply, now, body.lines)),
});

const accepted = (body: unknown): Reply => ({ status: 202, body });

/** A change set's id is a UUID: anything else names none. */
function changeSetIdParam(id: string | undefined): string {
  const parsed = itemId.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** The name the agent calls the person by (shared/person.ts; empty for none), their time zone and language. */
async function templateVarsOf(userId: string): Promise<VoiceTemplateVars> {
  const { settings } = await getSettings(userId);
  return { user_name: nameToUse(settings) ?? '', user_tz: settings.preferred_timezone, user_lang: settings.lang };
}
