import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { API_LIMITS } from '../../shared/constants';
import { API_ERRORS } from '../../shared/messages';
import { bodyText, httpHandler, illFormedField, type HttpEvent, type Reply } from '../platform/http';
import { mcpServer } from './server';

/**
 * The MCP server over Streamable HTTP (docs/mcp.md), stateless: each POST is answered on its own,
 * in JSON, by a new server with the tools the caller may use (server.ts). Nothing streams, so GET
 * (an event stream) and DELETE (ending a session) are 405, as the transport's specification says
 * for a server that offers neither.
 */
export const handler = httpHandler('mcp', {
  'POST /mcp': async ({ userId, caller, event }) => {
    const text = bodyText(event);
    const refused = refusal(text);
    if (refused) return refused;
    const server = mcpServer(userId, caller);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: API_LIMITS.maxBodyBytes,
    });
    await server.connect(transport);
    try {
      return await replyOf(await transport.handleRequest(webRequest(event, text)));
    } finally {
      await server.close();
    }
  },
  'GET /mcp': async () => methodNotAllowed(),
  'DELETE /mcp': async () => methodNotAllowed(),
});

/** JSON-RPC's codes for a request it cannot take, and the transport's for anything else it refuses. */
const INVALID_REQUEST = -32600;
const SERVER_ERROR = -32000;

const jsonRpcError = (status: Reply['status'], code: number, message: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  text: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }),
});

const methodNotAllowed = () => jsonRpcError(405, SERVER_ERROR, 'Method not allowed: this server is stateless and answers POST only', { allow: 'POST' });

/**
 * What the API refuses before the transport reads the body, as it does for every route: a body
 * over the API's limit, text that is not well-formed Unicode, and a JSON-RPC batch (the current
 * MCP specification has none), so that one request is at most one tool call. A body that is no
 * JSON is the transport's to answer.
 */
function refusal(text: string): Reply | null {
  if (Buffer.byteLength(text, 'utf8') > API_LIMITS.maxBodyBytes) return jsonRpcError(413, SERVER_ERROR, API_ERRORS.payloadTooLarge);
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (Array.isArray(message)) return jsonRpcError(400, INVALID_REQUEST, 'Batches are not taken: send one JSON-RPC message per request');
  const field = illFormedField(message);
  return field === null ? null : jsonRpcError(400, INVALID_REQUEST, `${field}: ${API_ERRORS.illFormedText}`);
}

/** The web-standard request the transport reads, from API Gateway's event. */
function webRequest(event: HttpEvent, body: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  return new Request(`https://${event.requestContext.domainName}${event.rawPath}`, { method: 'POST', headers, body });
}

/** The statuses a stateless transport answers a POST with: an answer, a notification taken, or a request it refused. */
const TRANSPORT_STATUSES: ReadonlySet<number> = new Set<Reply['status']>([200, 202, 400, 406, 413, 415]);

async function replyOf(response: Response): Promise<Reply> {
  if (!TRANSPORT_STATUSES.has(response.status)) throw new Error(`the MCP transport answered ${response.status}`);
  const headers = Object.fromEntries(response.headers.entries());
  return { status: response.status as Reply['status'], headers: { ...headers, 'cache-control': 'no-store' }, text: await response.text() };
}
