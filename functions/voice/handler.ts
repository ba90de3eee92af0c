import { USER_QUOTAS } from '../../shared/constants';
import { itemId } from '../../shared/items';
import { MESSAGES } from '../../shared/messages';
import { nameToUse } from '../../shared/person';
import { TOOL_CALL_MESSAGES, type ToolCall, type ToolCallRequest } from '../../shared/tool-calls';
import type { VoiceTemplateVars } from '../../shared/voice';
import { publish, publishAfterSave } from '../platform/bus';
import { now } from '../platform/clock';
import { notFound } from '../platform/errors';
import { httpHandler, noContent, ok, type Reply } from '../platform/http';
import { log } from '../platform/log';
import { takeQuota } from '../platform/quota';
import { getSettings } from '../settings/repository';
import { elevenLabsAgent, signedConversationUrl } from './elevenlabs';
import { saveVoiceSession, startVoiceSession } from './sessions';
import { countToolCallChange, finishToolCall, getToolCall, insertToolCall, listToolCalls, toPublicCall } from './tool-calls';
import { undoToolCall } from './undo';

export const handler = httpHandler('voice', {
  'GET /api/voice/config': async ({ userId, now }) => {
    const agent = elevenLabsAgent();
    await takeQuota({ key: `voice#user#${userId}`, limit: USER_QUOTAS.voiceCalls, windowMs: USER_QUOTAS.window, message: MESSAGES.tooManyVoiceCalls }, now);
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
    return ok(toPublicCall(call));
  },
  'POST /api/voice/tool-calls/{id}/undo': async ({ userId, params, now }) => ok(await undoToolCall(userId, params.id!, now)),
});

const accepted = (body: unknown): Reply => ({ status: 202, body });

/** The name the agent calls the person by (shared/person.ts; empty for none), their time zone and language. */
async function templateVarsOf(userId: string): Promise<VoiceTemplateVars> {
  const { settings } = await getSettings(userId);
  return { user_name: nameToUse(settings) ?? '', user_tz: settings.preferred_timezone, user_lang: settings.lang };
}

/**
 * Logs a client tool call as pending and puts it on the bus for the processor. The same
 * tool_call_id again answers the call already logged, and nothing is queued twice.
 */
async function logToolCall(userId: string, request: ToolCallRequest, receivedAt: Date): Promise<ToolCall> {
  const at = receivedAt.toISOString();
  const call: ToolCall = {
    id: request.tool_call_id,
    user_id: userId,
    conversation_id: request.conversation_id,
    tool_name: request.tool_name,
    tool_args: request.parameters,
    status: 'pending',
    result: null,
    error_message: null,
    undone_at: null,
    created_at: at,
    updated_at: at,
  };
  if (!(await insertToolCall(call))) {
    const logged = await getToolCall(userId, call.id);
    if (!logged) throw new Error(`tool call ${call.id} was logged and is gone`);
    return toPublicCall(logged);
  }
  await countToolCallChange(userId);
  try {
    await publish('toolcall.requested', { userId, toolCallId: call.id, toolName: call.tool_name, occurredAt: at });
    return call;
  } catch (error) {
    // Without the bus nobody would ever run it: say so now, instead of leaving it pending.
    log.error('tool call not queued', { userId, toolCallId: call.id, error });
    return (await finishToolCall(userId, call.id, { status: 'error', error_message: TOOL_CALL_MESSAGES.notQueued }, now())) ?? call;
  }
}
